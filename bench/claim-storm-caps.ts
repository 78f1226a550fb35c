import { performance } from 'node:perf_hooks';
import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { userAggregate, userStream } from '@leadfloor/command-service/users/user-aggregate';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { seeded, type Agent, type HttpBench } from './http-floor';
import { readModelMismatches, storeOwners } from './ownership-checks';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, round, sleep } from './stats';

export type StormShape = { agents: number; claimsEach: number; cap: number };
export const FULL_STORM: StormShape = { agents: 100, claimsEach: 30, cap: 5 };
export const QUICK_STORM: StormShape = { agents: 50, claimsEach: 20, cap: 5 };

const RULES = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30, distribution: 'first_come', weights: [], dripPerHour: null };

/** Each agent's active leads (claimed, contacted, qualified), as the append's counters hold them. */
async function activeCounts(pool: Pool, agents: Agent[]) {
  const { rows } = await pool.query<{ key: string; value: string }>(
    `select key, value from counters where scope = 'active_claims' and key = any($1)`, [agents.map((a) => String(a.id))]);
  const byId = new Map(rows.map((r) => [Number(r.key), Number(r.value)]));
  return new Map(agents.map((a) => [a.id, byId.get(a.id) ?? 0]));
}

/** The same count from the lead pool read model, once it has caught up. */
async function readModelCounts(pool: Pool, agents: Agent[]) {
  const { rows } = await pool.query<{ claimed_by: number; n: string }>(
    `select claimed_by, count(*) as n from lead_pool_v1 where claimed_by = any($1) and status in ('claimed', 'contacted', 'qualified') group by claimed_by`,
    [agents.map((a) => a.id)]);
  return new Map(rows.map((r) => [r.claimed_by, Number(r.n)]));
}

/**
 * The floor's last agent (no storm agent: the storm takes the first ones) made a manager for the
 * scenario, by the command a role change runs, and made an agent again after it: every seat of
 * the bench's plan is taken, so nobody new can sign up.
 */
async function asRole(bench: HttpBench, agent: Agent, role: 'manager' | 'agent') {
  await createCommandHandler(createPostgresEventStore(bench.floor.pool))(userAggregate, userStream(agent.id), {
    type: 'ChangeRole', data: { role }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
  }, { actorId: null, correlationId: `bench-${role}` });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
    if ((await bench.floor.pool.query('select 1 from users_v1 where id = $1 and role = $2', [agent.id, role])).rowCount === 1) return;
  }
  throw new Error(`the bench ${role} did not reach the users read model in 30 s`);
}

async function setCap(bench: HttpBench, manager: Agent, cap: number | null) {
  const r = await bench.client.request('PUT', '/api/pool-policy', { ...RULES, maxActiveClaims: cap }, manager.cookie);
  if (r.status !== 200) throw new Error(`PUT /api/pool-policy: ${r.status} ${r.body.slice(0, 200)}`);
}

/**
 * One storm: the floor's cap set, every agent fires all its claims at once at a shared set of
 * fresh leads (half as many leads as claims, so agents race each other as well as their cap).
 */
async function storm(ctx: BenchContext, bench: HttpBench, manager: Agent, shape: StormShape, run: number) {
  const { client, floor } = bench;
  const agents = floor.agents.slice(0, shape.agents);
  const leadCount = Math.ceil((shape.agents * shape.claimsEach) / 2);
  const { firstId, lastId } = await floor.newLeads(leadCount);
  const before = await activeCounts(floor.pool, agents);
  await setCap(bench, manager, shape.cap);
  const random = seeded(20_251_125 + run);
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  let transportErrors = 0;
  const t0 = performance.now();
  try {
    await Promise.all(agents.flatMap((agent) => Array.from({ length: shape.claimsEach }, async () => {
      const leadId = firstId + Math.floor(random() * leadCount);
      const start = performance.now();
      try {
        const r = await client.request('POST', `/api/leads/${leadId}/claim`, {}, agent.cookie);
        latencies.push(performance.now() - start);
        const code = r.status === 409 ? (JSON.parse(r.body) as { code?: string }).code ?? '409' : String(r.status);
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
      } catch {
        transportErrors++;
      }
    })));
  } finally {
    await setCap(bench, manager, null);
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = await activeCounts(floor.pool, agents);
  // Over the cap: more active leads than the cap allows, beyond what the agent held already.
  const overCap = agents.filter((a) => after.get(a.id)! > Math.max(shape.cap, before.get(a.id)!)).length;
  const store = await storeOwners(floor.pool, firstId, lastId);
  const rm = await readModelMismatches(floor.pool, firstId, lastId, store.owners);
  const pool = await readModelCounts(floor.pool, agents);
  const counterVsPool = agents.filter((a) => (pool.get(a.id) ?? 0) !== after.get(a.id)).length;
  const n = (k: string) => statuses.get(k) ?? 0;
  const serverErrors = [...statuses].filter(([k]) => /^5\d\d$/.test(k)).reduce((s, [, c]) => s + c, 0);
  const out = {
    requests: latencies.length + transportErrors, seconds, ok: n('200'), claims: store.claims, overCapRefused: n('claim_limit_reached'), taken: n('lead.not_available'),
    serverErrors, other: latencies.length - n('200') - n('claim_limit_reached') - n('lead.not_available') - serverErrors + transportErrors,
    latency: latencySummary(latencies), overCap, doubleClaims: store.doubleClaims, readModelMismatches: rm.mismatches, counterVsPool: rm.caughtUp ? counterVsPool : null,
  };
  ctx.log(`claim storm with caps, run ${run + 1}: ${out.requests} claims in ${round(seconds)} s: ${out.ok} answered 200 (${out.claims} leads claimed), ${out.overCapRefused} over the cap, ${out.taken} taken, ${out.serverErrors} 5xx, ${out.other} other; agents over the cap ${out.overCap}, double claims ${out.doubleClaims}, counters vs pool ${out.counterVsPool}`);
  return out;
}

/** Scenario 3b: one agent's claims at once against the floor's cap, all agents at once. */
export async function claimStormWithCaps(ctx: BenchContext, bench: HttpBench): Promise<ScenarioResult> {
  const shape = ctx.mode === 'quick' ? QUICK_STORM : FULL_STORM;
  const manager = bench.floor.agents.at(-1)!;
  if (bench.floor.agents.length <= shape.agents) throw new Error(`the storm needs more than ${shape.agents} agents on the floor`);
  await asRole(bench, manager, 'manager');
  const runs: Awaited<ReturnType<typeof storm>>[] = [];
  try {
    for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) runs.push(await storm(ctx, bench, manager, shape, r));
  } finally {
    await asRole(bench, manager, 'agent');
  }
  const series = (f: (x: (typeof runs)[number]) => number | null) => runs.map(f);
  const sum = (f: (x: (typeof runs)[number]) => number | null) => runs.reduce((a, x) => a + (f(x) ?? 0), 0);
  const over = sum((x) => x.overCap);
  const doubles = sum((x) => x.doubleClaims);
  const drift = sum((x) => x.counterVsPool ?? 1);
  const p50 = medianFigure('claim latency p50', series((x) => x.latency.p50), { unit: 'ms' });
  const p99 = medianFigure('claim latency p99', series((x) => x.latency.p99), { unit: 'ms' });
  const figures: Figure[] = [
    medianFigure('claims answered 200 (won, or an agent re-claiming its own lead)', series((x) => x.ok)),
    medianFigure('leads claimed (LeadClaimed events in the log)', series((x) => x.claims)),
    medianFigure('claims refused over the cap (409 claim_limit_reached)', series((x) => x.overCapRefused)),
    medianFigure('claims refused as taken (409 lead.not_available)', series((x) => x.taken)),
    medianFigure('5xx answers', series((x) => x.serverErrors), { target: '0', verdict: verdict(sum((x) => x.serverErrors) === 0) }),
    medianFigure('other answers or transport errors', series((x) => x.other), { target: '0', verdict: verdict(sum((x) => x.other) === 0) }),
    p50, p99,
    { label: 'agents over the cap (all runs)', value: over, target: '0', verdict: verdict(over === 0) },
    { label: 'leads with two owners in the store (all runs)', value: doubles, target: '0', verdict: verdict(doubles === 0) },
    { label: 'agents whose counter differs from the lead pool read model (all runs)', value: drift, target: '0', verdict: verdict(drift === 0) },
  ];
  return {
    id: 'caps', title: '3b. Claim storm with caps on', status: 'measured',
    command: `npm run bench -- --only=caps${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { ...shape, endpoint: 'POST /api/leads/:id/claim', claimsAtOnce: shape.agents * shape.claimsEach, leads: Math.ceil((shape.agents * shape.claimsEach) / 2), runs: runs.length },
    figures,
    reading: `${over === 0 && doubles === 0 ? 'No agent went over the cap and no lead had two owners' : 'An agent went over the cap or a lead had two owners'} in ${runs.length} run(s) of ${shape.agents * shape.claimsEach} claims fired at once (${shape.claimsEach} per agent, cap ${shape.cap}); claims answer in ${p50.value ?? '?'} ms at the median and ${p99.value ?? '?'} ms at p99.`,
    notes: [
      'The floor\'s cap is set through PUT /api/pool-policy before each run and lifted after it; the leads are fresh (LeadCreated only), written straight into the log.',
      'Over the cap means more active leads (claimed, contacted, qualified) after the run than the cap, beyond what the agent already held from earlier scenarios (the counters of the append, read before and after).',
      'The counters are then compared with the lead pool read model, agent by agent, once it has caught up.',
    ],
  };
}
