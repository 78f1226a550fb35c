import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { consumerGroupShares, sharedAmong } from '../../infra/src/kafka/consumer-groups';
import { consumerGroupOf } from '../../infra/src/kafka/kafka-source';
import { RELAY_CHECKPOINT } from '../../infra/src/kafka/relay';
import { endOffsets, requireKafka, uniqueTopic } from '../../infra/src/kafka/testing/kafka-for-tests';
import { createPool, type Pool } from '../../infra/src/postgres/pool';
import { checkProjection } from '../../infra/src/projections/rebuild';
import { projections } from '../../projector/src/run-projections';
import { createTestDatabase } from '../db';
import { waitFor } from '../wait-for';
import { startDistributed, type Distributed } from './distributed-parts';
import { newLead, register, type HttpUser } from './http-user';
import { seatAgents } from './seat-agents';
import { startDedicatedRedis, type DedicatedRedis } from './redis-server';

// The distributed form scaled out: three projector processes share the partitions of every
// projection's consumer group (three partitions, one each). A claim storm runs through the
// gateway; half-way, one projector gets SIGKILL (mid-batch or not, wherever it is). The broker
// must hand its partitions to the two left, every claim must reach the read models once (the
// partition checkpoints in PostgreSQL decide what is applied, so a batch the dead process
// read but never committed is applied by its successor, and one it committed is not applied
// again), and every read model must equal a fresh rebuild from the event store (but for the
// numbering of notifications, which follows the order they are applied in: see below).

const brokers = await requireKafka();
const PROJECTORS = 3;
const PARTITIONS = 3;
const AGENTS = 16;
const LEADS = 60;
// Claims acknowledged before the kill, and after it.
const CLAIMS_EACH_SIDE = 80;
// Bounds: starting the parts (a loaded 2-core machine takes a while), and the test itself.
const START_BOUND_MS = 240_000;
const TEST_BOUND_MS = 240_000;

/** The lines of a part's output that may say why it stopped (anything but info and the retries of a busy pool). */
const problems = (output: string) => output.split('\n')
  .filter((l) => l.trim() && !/^\{"level":(10|20|30),/.test(l) && !(/^\{"level":(40|50),/.test(l) && l.includes('timeout exceeded when trying to connect'))).map((l) => l.slice(0, 1_500)).slice(-20).join('\n');

/** A small deterministic generator: the storm's choices do not depend on Math.random. */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('a projector killed during a claim storm, three projector processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let redis: DedicatedRedis;
  let app: Distributed;
  const topic = uniqueTopic('projector-kill');
  const groups = projections.map((p) => consumerGroupOf(p.name, topic));
  const sharesAmong = async (members: number) => {
    const shares = await consumerGroupShares(brokers, groups, topic);
    return groups.every((g) => sharedAmong(shares.get(g), members, PARTITIONS));
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 4 });
    redis = await startDedicatedRedis();
    app = await startDistributed(
      { databaseUrl: db.url, redisUrl: redis.url, kafkaBrokers: brokers, kafkaTopic: topic },
      // Seven processes start at once: on a loaded 2-core machine each may take a while.
      { projectors: PROJECTORS, startTimeoutMs: 150_000 },
    );
  }, START_BOUND_MS);

  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
    await pool?.end();
    await db?.drop();
  });

  it('moves the killed process\'s partitions to the others; every claim is applied once and the read models equal a rebuild', async () => {
    // Every projection's group holds the three processes, one partition each.
    await waitFor(() => sharesAmong(PROJECTORS), { timeoutMs: 120_000, intervalMs: 500, what: `every consumer group shared by ${PROJECTORS} projectors` });

    const owner = await register(app.gatewayUrl, 'owner');
    const leadIds: number[] = [];
    for (let i = 0; i < LEADS; i++) {
      const res = await owner.request('POST', '/api/leads', newLead(`Storm lead ${i}`));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      leadIds.push(res.body.lead.id);
    }
    const agents = await seatAgents(pool, app.gatewayUrl, Array.from({ length: AGENTS }, (_, i) => `storm${i}`));

    // The storm: each agent claims random leads and, holding two, releases the older one, so
    // leads keep coming back to the pool. `holder` is what the answers say each lead ends with
    // (a release answered after someone else's claim of the lead leaves that claim standing).
    const holder = new Map<number, number>();
    let claims = 0;
    let claimsAfterKill = 0;
    let killed = false;
    let stop = false;
    const failures: string[] = [];
    const storm = async (agent: HttpUser, a: number) => {
      const random = generator(a + 1);
      const held: number[] = [];
      while (!stop) {
        // a lead it does not hold (its own lead would answer 200 again, and be counted twice)
        const leadId = leadIds[Math.floor(random() * leadIds.length)]!;
        if (held.includes(leadId)) continue;
        const claim = await agent.request('POST', `/api/leads/${leadId}/claim`, {}).catch((err: unknown) => ({ status: 0, body: String(err) }));
        if (claim.status === 200) {
          holder.set(leadId, agent.id);
          held.push(leadId);
          claims++;
          if (killed) claimsAfterKill++;
        } else if (claim.status !== 409) {
          failures.push(`claim ${leadId} by ${agent.username}: ${claim.status} ${JSON.stringify(claim.body)}`);
        }
        if (held.length >= 2) {
          const released = held.shift()!;
          const release = await agent.request('POST', `/api/leads/${released}/release`, {}).catch((err: unknown) => ({ status: 0, body: String(err) }));
          if (release.status !== 200) failures.push(`release ${released} by ${agent.username}: ${release.status} ${JSON.stringify(release.body)}`);
          else if (holder.get(released) === agent.id) holder.delete(released);
        }
      }
    };
    const storming = Promise.all(agents.map(storm));
    // However the test ends, the storm stops before the parts do.
    onTestFinished(async () => {
      stop = true;
      await storming;
    });

    await waitFor(() => claims >= CLAIMS_EACH_SIDE || failures.length > 0, { timeoutMs: 90_000, what: `${CLAIMS_EACH_SIDE} claims before the kill` });
    // Until the kill, every part runs (a projector that stopped on its own would say why).
    for (const part of app.parts.values()) {
      if (!part.running()) throw new Error(`${part.name} stopped on its own (${JSON.stringify(await part.exited)}):\n${problems(part.output())}`);
    }
    const victim = app.parts.get('projector-2')!;
    const exit = await victim.kill('SIGKILL');
    killed = true;
    const killedAt = Date.now();
    expect(exit, problems(victim.output())).toEqual({ code: null, signal: 'SIGKILL' });

    // The storm goes on until the broker has moved the dead process's partitions to the two
    // left (its session times out) and as many claims again are acknowledged.
    let rebalancedAt = 0;
    await waitFor(async () => {
      if (failures.length > 0) return true;
      if (!rebalancedAt && (await sharesAmong(PROJECTORS - 1))) rebalancedAt = Date.now();
      return rebalancedAt > 0 && claimsAfterKill >= CLAIMS_EACH_SIDE;
    }, { timeoutMs: 120_000, intervalMs: 250, what: `the partitions to move to ${PROJECTORS - 1} projectors, and ${CLAIMS_EACH_SIDE} claims after the kill` });
    stop = true;
    await storming;
    expect(failures).toEqual([]);

    // Every acknowledged claim is in the store once.
    const { rows: [stored] } = await pool.query<{ n: number }>(`select count(*)::int as n from events where type = 'LeadClaimed'`);
    expect(stored!.n).toBe(claims);

    // The relay passes the end of the log; then every projection has claimed every message of
    // every partition, per its checkpoints in PostgreSQL.
    const { rows: [last] } = await pool.query<{ p: string }>('select max(global_position)::text as p from events');
    await waitFor(async () => (await pool.query<{ p: string }>('select global_position::text as p from checkpoints where name = $1', [RELAY_CHECKPOINT])).rows[0]?.p === last!.p,
      { timeoutMs: 60_000, what: 'the relay to reach the end of the log' });
    const ends = await endOffsets(brokers, topic);
    const consumedEverything = async () => {
      const { rows } = await pool.query<{ name: string; partition: number; next_offset: string }>(
        'select name, partition, next_offset::text as next_offset from partition_checkpoints where topic = $1', [topic]);
      const stored = new Map(rows.map((r) => [`${r.name}/${r.partition}`, BigInt(r.next_offset)]));
      return projections.every((p) => [...ends].every(([partition, end]) => end === 0n || stored.get(`${p.name}/${partition}`) === end));
    };
    await waitFor(consumedEverything, { timeoutMs: 90_000, intervalMs: 250, what: 'every projection to consume every partition to its end' });

    // The lead pool shows each lead with the holder the answers gave it.
    const { rows: pool_ } = await pool.query<{ id: number; claimed_by: number | null }>('select id, claimed_by from lead_pool_v1 where id = any($1)', [leadIds]);
    expect(new Map(pool_.map((r) => [r.id, r.claimed_by])))
      .toEqual(new Map(leadIds.map((id) => [id, holder.get(id) ?? null])));

    // Applied once, nothing lost: every read model equals a rebuild from the store.
    // notifications_v1 numbers each user's notifications in the order it applies them, and
    // events of different partitions reach it in an order of their own: its numbers may differ
    // from a rebuild's, which follows the log. What it must show: every claim notified the
    // leads' owner once, and each user's notifications numbered 1..n without a gap or a repeat.
    const inApplyOrder = new Set(['notifications_v1']);
    const store = createPostgresEventStore(pool);
    const unequal: string[] = [];
    for (const projection of projections) {
      if (inApplyOrder.has(projection.name)) continue;
      if (!(await checkProjection({ pool, store, projection, timeoutMs: 60_000 })).equal) unequal.push(projection.name);
    }
    expect(unequal).toEqual([]);
    const { rows: [notified] } = await pool.query<{ n: number; events: number }>(
      `select count(*)::int as n, count(distinct source_event_id)::int as events from notifications_v1 where user_id = $1 and event_type = 'lead_claimed'`, [owner.id]);
    expect(notified).toEqual({ n: claims, events: claims });
    const { rows: numbering } = await pool.query<{ user_id: number; n: number; distinct_seq: number; top: number }>(
      'select user_id, count(*)::int as n, count(distinct seq)::int as distinct_seq, max(seq)::int as top from notifications_v1 group by user_id');
    for (const u of numbering) expect(u, `notifications of user ${u.user_id}`).toEqual({ user_id: u.user_id, n: u.n, distinct_seq: u.n, top: u.n });
    for (const [name, part] of app.parts) if (name !== 'projector-2') expect(part.running(), `${name} still running`).toBe(true);
    console.info(`projector kill: ${claims} claims (${claimsAfterKill} after the kill); partitions moved ${rebalancedAt - killedAt} ms after the kill`);
  }, TEST_BOUND_MS);
});
