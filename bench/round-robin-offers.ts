import { performance } from 'node:perf_hooks';
import { leadAggregate, leadStream } from '@leadfloor/command-service/leads/lead-aggregate';
import { DISTRIBUTION_STREAM, distributionAggregate } from '@leadfloor/command-service/pool-distribution/distribution';
import { offerNext } from '@leadfloor/command-service/pool-distribution/offer-next';
import { POOL_POLICY_STREAM, poolPolicyAggregate } from '@leadfloor/command-service/pool-policy/pool-policy';
import { createPoolPolicyReader } from '@leadfloor/command-service/pool-policy/policy-reader';
import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { defaultPoolPolicyRules } from '@leadfloor/events';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { ensureProjectionTables } from '@leadfloor/infra/projections/tables';
import { teams } from '@leadfloor/projector/projections/teams';
import { users } from '@leadfloor/projector/projections/users';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, round } from './stats';

type Shape = { agents: number; leads: number; workers: number };
// Four offer loops: the offers' process manager (one at a time) and managers' assign-next beside it, with room to spare.
const FULL: Shape = { agents: 50, leads: 600, workers: 4 };
const QUICK: Shape = { agents: 20, leads: 200, workers: 4 };
const MANAGER = { id: 1_000_000, role: 'manager', teamId: null };

/** Runs `n` tasks on `workers` concurrent loops; returns each task's latency in ms. */
async function drive(n: number, workers: number, task: (i: number) => Promise<void>, signal: AbortSignal) {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    for (let i = next++; i < n && !signal.aborted; i = next++) {
      const t = performance.now();
      await task(i);
      latencies.push(performance.now() - t);
    }
  }));
  return latencies;
}

/**
 * Scenario 11: round-robin assignment throughput. In process, on a database of its own: the
 * floor on round-robin, `agents` present and available, then `leads` new leads each offered to
 * the rotation's next agent by `workers` concurrent offer loops, exactly as the offers' process
 * manager does (the lead read, the candidates' query, the pick appended to the one distribution
 * stream, the offer appended to the lead). Beside it, in the same run, the rotation's own
 * ceiling: picks alone on that stream by one writer (appends one after another, no conflicts),
 * the serialisation point every offer passes through.
 */
export async function roundRobinOffers(ctx: BenchContext): Promise<ScenarioResult> {
  const shape = ctx.mode === 'quick' ? QUICK : FULL;
  const url = await ctx.databases.create('offers');
  const pool = createPool(url, { max: shape.workers * 2 + 4 });
  const offersPerSecond: (number | null)[] = [];
  const picksPerSecond: (number | null)[] = [];
  const p50: (number | null)[] = [];
  const p99: (number | null)[] = [];
  let worstSpread = 0;
  let failures = 0;
  let pickRefusals = 0;
  try {
    const store = createPostgresEventStore(pool);
    const handle = createCommandHandler(store);
    const policies = createPoolPolicyReader(store);
    const now = () => new Date();
    const db = await pool.connect();
    try {
      await ensureProjectionTables(db, users);
      await ensureProjectionTables(db, teams);
      await db.query(`insert into users_v1 (id, username, email, full_name, role, level, points, created_at, version)
        select u, 'agent' || u, 'agent' || u || '@example.com', 'Agent ' || u, 'agent', 'rookie', 0, now(), 1 from generate_series(1, $1::int) u`, [shape.agents]);
      await db.query(`insert into agent_presence (user_id, gateway_id, expires_at) select u, 'bench', now() + interval '1 day' from generate_series(1, $1::int) u`, [shape.agents]);
    } finally {
      db.release();
    }
    await handle(poolPolicyAggregate, POOL_POLICY_STREAM, {
      type: 'SetPoolPolicy', data: { teamId: null, rules: { ...defaultPoolPolicyRules, distribution: 'round_robin' } }, meta: { now: now().toISOString(), actor: MANAGER },
    }, { actorId: null, correlationId: 'bench-offers' });
    let leadNo = 0;
    for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) {
      // The leads, made before the clock starts.
      const ids = Array.from({ length: shape.leads }, () => ++leadNo);
      await drive(ids.length, shape.workers, (i) => handle(leadAggregate, leadStream(ids[i]!), [{
        type: 'CreateLead', meta: { now: now().toISOString(), actor: MANAGER },
        data: { leadId: ids[i]!, name: `Lead ${ids[i]}`, email: 'lead@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'forex', source: null, notes: null },
      }], { actorId: null, correlationId: 'bench-offers' }).then(() => undefined), ctx.signal);
      const before = await pool.query<{ user_id: number; n: string }>(
        `select (data->>'userId')::int as user_id, count(*) as n from events where stream_id = $1 group by 1`, [DISTRIBUTION_STREAM]);
      const t0 = performance.now();
      const latencies = await drive(ids.length, shape.workers, async (i) => {
        const made = await offerNext({ pool, store, handle, policies, now }, ids[i]!, { ctx: { actorId: null, correlationId: 'bench-offers' }, key: `bench-${ids[i]}` })
          .catch(() => null);
        if (!made) failures++;
      }, ctx.signal);
      const seconds = (performance.now() - t0) / 1000;
      offersPerSecond.push(round(latencies.length / seconds, 0));
      const summary = latencySummary(latencies);
      p50.push(summary.p50);
      p99.push(summary.p99);
      // The run's spread: offers per agent over its leads (equal weights, everyone present).
      const after = await pool.query<{ user_id: number; n: string }>(
        `select (data->>'userId')::int as user_id, count(*) as n from events where stream_id = $1 group by 1`, [DISTRIBUTION_STREAM]);
      const was = new Map(before.rows.map((x) => [x.user_id, Number(x.n)]));
      const counts = Array.from({ length: shape.agents }, (_, k) => Number(after.rows.find((x) => x.user_id === k + 1)?.n ?? 0) - (was.get(k + 1) ?? 0));
      worstSpread = Math.max(worstSpread, Math.max(...counts) - Math.min(...counts));

      // The ceiling: picks alone on the distribution stream, one writer (no conflicts), as many picks.
      const candidates = Array.from({ length: shape.agents }, (_, k) => ({ userId: k + 1, weight: 1 }));
      const p0 = performance.now();
      await drive(ids.length, 1, (i) => handle(distributionAggregate, DISTRIBUTION_STREAM,
        { type: 'PickAgent', data: { leadId: ids[i]!, candidates }, meta: { now: now().toISOString() } },
        { actorId: null, correlationId: 'bench-picks' }).then(() => undefined, () => { pickRefusals++; }), ctx.signal);
      picksPerSecond.push(round(ids.length / ((performance.now() - p0) / 1000), 0));
      ctx.log(`round-robin offers, run ${r + 1}: ${offersPerSecond.at(-1)} offers/s (p50 ${summary.p50} ms, p99 ${summary.p99} ms), picks alone ${picksPerSecond.at(-1)}/s, spread ${Math.max(...counts) - Math.min(...counts)}`);
    }
  } finally {
    await pool.end();
    await ctx.databases.drop('offers');
  }
  const offers = medianFigure('offers made (pick + offer, end to end)', offersPerSecond, { unit: 'offers/s' });
  const picks = medianFigure('raw: picks alone on the distribution stream, one writer', picksPerSecond, { unit: 'picks/s' });
  const raw = ctx.shared.pgbenchTps?.c1 ?? null;
  const figures: Figure[] = [
    offers,
    medianFigure('offer latency p50', p50, { unit: 'ms' }),
    medianFigure('offer latency p99', p99, { unit: 'ms' }),
    picks,
    { label: 'offers as a share of picks alone', value: offers.value !== null && picks.value ? round(Number(offers.value) / Number(picks.value), 2) : null },
    ...(raw !== null ? [{ label: 'pgbench single-row inserts, 1 client (same run)', value: raw, unit: 'tps' }] : []),
    { label: 'spread of offers across equal-weight agents (worst run)', value: worstSpread, target: '≤ 1', verdict: verdict(worstSpread <= 1) },
    { label: 'leads not offered (all runs)', value: failures, target: '0', verdict: verdict(failures === 0) },
    { label: 'picks alone refused after the command\'s retries (all runs)', value: pickRefusals },
  ];
  return {
    id: 'offers', title: '11. Round-robin assignment throughput', status: 'measured',
    command: `npm run bench -- --only=offers${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { ...shape, runs: offersPerSecond.length, distribution: 'round_robin' },
    figures,
    reading: `${offers.value ?? '?'} offers/s end to end against ${picks.value ?? '?'} picks/s for the rotation alone (its one stream is the serialisation point); the spread across ${shape.agents} equal-weight agents was at most ${worstSpread}.`,
    notes: [
      'In process: no HTTP; the offers are made by the same function the offers\' process manager and assign-next call, with the floor set to round-robin through its command.',
      'Every agent is present (a presence row) and available; the candidates\' query, the lead\'s read and both appends are timed.',
      'Picks alone: one writer appending only the rotation\'s pick, one after another; quoted as this scenario\'s raw figure beside pgbench\'s single-client inserts when `raw` runs too.',
      'A try with 8 writers on the one stream had picks refused after the command handler\'s 8 re-decisions: the stream serialises every offer of the floor, the limit to lift (a stream per team) before many offer loops run at once. In the app the offers\' process manager offers one lead at a time.',
    ],
  };
}
