import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKafka, uniqueTopic } from '../../infra/src/kafka/testing/kafka-for-tests';
import { createPool, type Pool } from '../../infra/src/postgres/pool';
import { staffTeam } from '../api/floor-setup';
import { createTestDatabase } from '../db';
import { waitFor } from '../wait-for';
import { startBalancer, type Balancer } from './balancer';
import { startDistributed, type Distributed } from './distributed-parts';
import { newLead, register } from './http-user';
import { seatAgents } from './seat-agents';
import { connectLive, type LiveClient } from './live-client';
import { startDedicatedRedis, type DedicatedRedis } from './redis-server';

// QUALITY.md, fault 10: a gateway restart with many sockets. The distributed form as the README
// deploys it: two gateway replicas behind a balancer, the projector publishing live messages
// through Redis (this test's own), and 200 agents, each with a socket client that follows the
// console's rules (live-client.ts: jittered backoff, resync from the notifications history).
// Each replica in turn is killed (SIGKILL) and started again (a rolling restart) while the
// team's manager adds leads, each of which notifies every agent. Every agent must end up with
// every notification (positions 1..n, none missing), no client may give up, and after the
// restarts notifications arrive live again.

const brokers = await requireKafka();
const AGENTS = 200;
// Bounds: starting the parts (a loaded 2-core machine takes a while), and the test itself.
const START_BOUND_MS = 180_000;
const TEST_BOUND_MS = 180_000;

/** Runs `fn` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  }));
  return results;
}

describe('gateway restart with many sockets (fault 10)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let redis: DedicatedRedis;
  let app: Distributed;
  let balancer: Balancer;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 4 });
    redis = await startDedicatedRedis();
    app = await startDistributed(
      { databaseUrl: db.url, redisUrl: redis.url, kafkaBrokers: brokers, kafkaTopic: uniqueTopic('gateway-restart') },
      { replicas: 2 },
    );
    balancer = await startBalancer(app.gateways.map((g) => g.port));
  }, START_BOUND_MS);

  afterAll(async () => {
    for (const c of clients) c.close();
    await balancer?.close();
    await app?.stop();
    await redis?.stop();
    await pool?.end();
    await db?.drop();
  });

  it('reconnects every client with jittered backoff and loses no notification to anyone', async () => {
    const base = balancer.url;
    // How long each step took, for the log line at the end (never asserted).
    const phases: Record<string, number> = {};
    let phaseStart = Date.now();
    const phase = (name: string) => {
      phases[name] = Date.now() - phaseStart;
      phaseStart = Date.now();
    };
    const boss = await register(base, 'boss');
    const agents = await seatAgents(pool, base, Array.from({ length: AGENTS }, (_, i) => `agent${i}`));
    phase('register');
    // A forex team: every forex lead its manager adds notifies every one of its agents.
    await staffTeam({ pool }, 'Forex Floor', boss, agents, 'forex');
    phase('team');
    clients.push(...await inBatches(agents, 20, (agent) => connectLive(`${base.replace('http', 'ws')}/ws`, agent)));
    phase('connect');

    let leads = 0;
    // A command whose connection died with its replica is sent again with the same
    // Idempotency-Key, as a client should: it is applied once (a second lead would show as an
    // extra notification for everyone).
    const addLeads = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const key = `prospect-${++leads}`;
        await waitFor(async () => {
          const res = await boss.request('POST', '/api/leads', newLead(`Prospect ${leads}`), { 'idempotency-key': key });
          if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
          return true;
        }, { timeoutMs: 30_000, intervalMs: 200, what: `lead ${key} to be added` });
      }
    };
    const everyoneHas = (n: number) => clients.every((c) => c.notifications.size === n);
    const stragglers = (n: number) => clients.filter((c) => c.notifications.size !== n).slice(0, 5)
      .map((c) => `${c.user.username}: ${[...c.notifications.keys()].sort((a, b) => a - b).join(',')}${c.gaveUp ? ' (gave up)' : ''}`).join('; ');
    const waitEveryone = (n: number, what: string) =>
      waitFor(() => everyoneHas(n), { timeoutMs: 60_000, intervalMs: 100, what }).catch((err: Error) => {
        throw new Error(`${err.message}; for instance ${stragglers(n)}`);
      });

    await addLeads(2);
    await waitEveryone(2, 'every agent to be notified live of the first leads');
    expect(clients.every((c) => c.pushed.size === 2)).toBe(true);
    phase('first');

    // Rolling restart: each replica is killed while leads are added, then started again.
    for (const { name } of app.gateways) {
      await app.parts.get(name)!.kill('SIGKILL');
      await Promise.all([addLeads(3), app.restart(name)]);
      await waitEveryone(leads, `every agent to hold all ${leads} notifications after ${name} restarted`);
      await waitFor(() => clients.every((c) => c.connected() || c.gaveUp), { timeoutMs: 60_000, what: 'every client to be connected again' });
      expect(clients.filter((c) => c.gaveUp).map((c) => c.user.username)).toEqual([]);
      phase(name);
    }

    // After the restarts, notifications arrive live again, on every socket.
    const pushedBefore = clients.map((c) => c.pushed.size);
    await addLeads(2);
    await waitEveryone(leads, 'every agent to be notified live after the restarts');
    await waitFor(() => clients.every((c, i) => c.pushed.size >= pushedBefore[i]! + 2), { timeoutMs: 30_000, what: 'the last leads to arrive pushed' });

    // Nothing lost: what each client holds is exactly the user's notifications in the store's read model.
    const { rows } = await pool.query<{ user_id: number; seqs: number[] }>(
      'select user_id, array_agg(seq order by seq) as seqs from notifications_v1 where user_id = any($1) group by user_id', [agents.map((a) => a.id)]);
    const stored = new Map(rows.map((r) => [r.user_id, r.seqs]));
    const expected = Array.from({ length: leads }, (_, i) => i + 1);
    for (const c of clients) {
      expect(stored.get(c.user.id), c.user.username).toEqual(expected);
      expect([...c.notifications.keys()].sort((a, b) => a - b), c.user.username).toEqual(expected);
    }
    // Every client went through at least one reconnect; none gave up (checked after each restart).
    expect(clients.filter((c) => c.opens < 2).map((c) => c.user.username)).toEqual([]);
    const firstWaits = clients.map((c) => c.delays[0]!);
    const resynced = clients.reduce((n, c) => n + c.resynced.size, 0);
    const failures = clients.flatMap((c) => c.failures).reduce<Record<string, number>>((n, f) => ({ ...n, [f]: (n[f] ?? 0) + 1 }), {});
    console.info(`gateway restart: ${clients.length} clients, ${leads} notifications each; ${resynced} reached a client only by resync; `
      + `first reconnect waits spread over ${Math.min(...firstWaits)}–${Math.max(...firstWaits)} ms; at most ${Math.max(...clients.map((c) => c.mostAttempts))} attempts per reconnect; `
      + `failed attempts: ${JSON.stringify(failures)}; phases: ${JSON.stringify(phases)}`);
  }, TEST_BOUND_MS);
});
