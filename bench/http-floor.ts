import { BILLING_STREAM, billingAggregate } from '@leadfloor/command-service/billing/billing-aggregate';
import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { PLANS } from '@leadfloor/contracts';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { startBenchServer, type BenchServer } from './bench-server';
import { insertLeadHistories } from './bulk-histories';
import { httpClient, type HttpClient } from './http-client';
import { sleep } from './stats';

export type Agent = { id: number; cookie: string };

export class RateLimitedError extends Error {}

/** Signs up `count` agents through the API (argon2 hashing included), a few at a time. */
export async function registerAgents(client: HttpClient, count: number, signal: AbortSignal): Promise<Agent[]> {
  const agents: Agent[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count && !signal.aborted) {
      const i = next++;
      const username = `bench.agent${i}`;
      const r = await client.request('POST', '/api/auth/register', {
        username, email: `${username}@example.com`, password: 'bench-secret-1', fullName: `Bench Agent ${i}`,
      });
      if (r.status === 429) throw new RateLimitedError(`sign-up ${i + 1} of ${count} answered 429: the server's sign-up limit is on`);
      if (r.status !== 201) throw new Error(`sign-up of ${username}: ${r.status} ${r.body.slice(0, 200)}`);
      const cookie = r.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('lf_session='));
      if (!cookie) throw new Error(`sign-up of ${username}: no session cookie`);
      agents[i] = { id: (JSON.parse(r.body) as { user: { id: number } }).user.id, cookie };
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
  return agents;
}

/**
 * A new floor is on Free (three seats): the bench's is put on the Floor plan with a seat for each
 * agent first, by hand, as a manager would on a floor without Stripe.
 */
async function seatsFor(pool: Pool, agentCount: number) {
  const seats = Math.max(PLANS.floor.seats.min, agentCount);
  if (seats > PLANS.floor.seats.max) throw new Error(`${agentCount} agents: the largest plan has ${PLANS.floor.seats.max} seats`);
  await createCommandHandler(createPostgresEventStore(pool))(billingAggregate, BILLING_STREAM, {
    type: 'SetPlan', data: { plan: 'floor', seats }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null }, provider: 'manual' },
  }, { actorId: null, correlationId: 'bench-plan' });
}

/**
 * The server's floor for the HTTP scenarios, made once per server: its agents, a pool on its
 * database for setup and checks, and fresh available leads on demand.
 */
export type Floor = {
  agents: Agent[];
  pool: Pool;
  /**
   * `count` new leads, visible in the read model when it resolves: available ones (LeadCreated
   * only) by default, or with histories of `length` events from `startedAt` on.
   */
  newLeads(count: number, history?: { length: number; startedAt: Date }): Promise<{ firstId: number; lastId: number }>;
  close(): Promise<void>;
};

export async function floorOf(server: BenchServer, client: HttpClient, agentCount: number, signal: AbortSignal): Promise<Floor> {
  const pool = createPool(server.databaseUrl, { max: 4, applicationName: 'lf-bench-setup' });
  let agents: Agent[];
  try {
    await seatsFor(pool, agentCount);
    agents = await registerAgents(client, agentCount, signal);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    agents,
    pool,
    async newLeads(count, { length, startedAt } = { length: 1, startedAt: new Date(Date.now() - 86_400_000) }) {
      const db = await pool.connect();
      let range: { firstId: number; lastId: number };
      try {
        const { rows } = await db.query<{ last: string | null }>(`select last_id::text as last from entity_ids where kind = 'lead'`);
        const firstId = Number(rows[0]?.last ?? 0) + 1;
        range = { firstId, lastId: firstId + count - 1 };
        // in slices, so no transaction holds the log's readers back for long
        const slice = Math.max(1, Math.floor(20_000 / length));
        for (let lo = range.firstId; lo <= range.lastId; lo += slice) {
          await insertLeadHistories(db, {
            firstId: lo, lastId: Math.min(range.lastId, lo + slice - 1), agentIds: agents.map((a) => a.id), fixedLength: length, startedAt,
          });
        }
      } finally {
        db.release();
      }
      for (const deadline = Date.now() + 120_000; Date.now() < deadline && !signal.aborted; await sleep(100)) {
        const { rows } = await pool.query<{ n: string }>('select count(*) as n from lead_pool_v1 where id between $1 and $2', [range.firstId, range.lastId]);
        if (Number(rows[0]!.n) === count) return range;
      }
      throw new Error(`the read model did not show ${count} new leads within 120 s`);
    },
    close: () => pool.end(),
  };
}

/** A small seeded generator, so every run draws the same claims. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type HttpBench = { server: BenchServer; client: HttpClient; floor: Floor; stop(): Promise<void> };

/** The server every HTTP scenario shares, its client and its floor of `agentCount` agents. */
export async function startHttpBench(o: Parameters<typeof startBenchServer>[0] & { agentCount: number }): Promise<HttpBench> {
  const server = await startBenchServer(o);
  const client = httpClient(server.url);
  try {
    const floor = await floorOf(server, client, o.agentCount, o.signal);
    o.log(`${o.agentCount} agents signed up`);
    return {
      server, client, floor,
      async stop() {
        client.close();
        await floor.close();
        await server.stop();
      },
    };
  } catch (err) {
    client.close();
    await server.stop();
    throw err;
  }
}
