import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../../test/wait-for';
import { defineJobQueue, type Jobs, type JobsLogger } from './job-queue';

// Jobs must survive a store that is not there yet when they start (the embedded Postgres
// still starting, Redis restarting). BullMQ alone does not: see job-worker.ts. The store is
// put behind a local TCP relay that first cuts every connection, then forwards.

const quiet: JobsLogger = { warn: () => {}, error: () => {} };
const Ping = z.object({ n: z.number() });

export function describeJobRecovery(label: string, storeUrl: () => string, makeJobs: (url: string, logger: JobsLogger) => Jobs) {
  describe(label, () => {
    it('starts working once a store that refused it at start-up is reachable', { timeout: 60_000 }, async () => {
      const target = new URL(storeUrl());
      const relay = await cuttableRelay(target.hostname, Number(target.port));
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      const jobs = makeJobs(url.toString(), quiet);
      try {
        const q = defineJobQueue({ name: `t-${randomUUID().slice(0, 8)}`, payload: Ping });
        const ran: string[] = [];
        jobs.work(q, async (_payload, { jobId }) => {
          ran.push(jobId);
        });
        // Either fails fast (PostgreSQL) or waits for the store (Redis); both are fine.
        const early = jobs.queue(q).enqueue({ n: 1 }, { jobId: 'early' }).catch((err: unknown) => err);
        await waitFor(() => relay.cut >= 2, { what: 'connections to be refused' });

        relay.forward();
        await waitFor(async () => {
          await jobs.queue(q).enqueue({ n: 2 }, { jobId: 'late' });
          return true;
        }, { timeoutMs: 45_000, what: 'enqueue to succeed' });
        await waitFor(() => ran.includes('late'), { timeoutMs: 45_000, what: 'the worker to run a job' });
        await early;
        expect(ran.filter((id) => id === 'late')).toHaveLength(1);
      } finally {
        await jobs.close({ timeoutMs: 2_000 });
        await relay.close();
      }
    });
  });
}

/** Listens on a free local port; cuts every connection until `forward()`, then relays them. */
async function cuttableRelay(host: string, port: number) {
  const open = new Set<net.Socket>();
  let forwarding = false;
  let cut = 0;
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (!forwarding) {
      cut++;
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    port: address.port,
    get cut() {
      return cut;
    },
    forward() {
      forwarding = true;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
