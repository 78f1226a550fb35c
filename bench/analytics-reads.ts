import { performance } from 'node:perf_hooks';
import type { AnalyticsFilters } from '@leadfloor/contracts';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { ensureProjectionTables } from '@leadfloor/infra/projections/tables';
import { leadAnalytics as leadAnalyticsProjection } from '@leadfloor/projector/projections/lead-analytics';
import type { LeadFactRow } from '@leadfloor/projector/projections/lead-facts-fold';
import { leadPool } from '@leadfloor/projector/projections/lead-pool';
import { applyRollupDeltas, rollupDeltas } from '@leadfloor/projector/projections/lead-rollup';
import { teams } from '@leadfloor/projector/projections/teams';
import { users } from '@leadfloor/projector/projections/users';
import { agentAnalytics } from '@leadfloor/query-service/analytics/agent-analytics';
import type { AnalyticsScope } from '@leadfloor/query-service/analytics/analytics-scope';
import { funnelAnalytics } from '@leadfloor/query-service/analytics/funnel-analytics';
import { leadAnalytics } from '@leadfloor/query-service/analytics/lead-analytics';
import { explainLeads } from '@leadfloor/query-service/analytics/lead-explain';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, round } from './stats';

const LEADS = 100_000;
const AGENTS = 50;
const STARTED_AT = new Date(Date.UTC(2025, 0, 6, 8));
const WARM_UP = 20;
const TARGET_MS = 100;
const floor: AnalyticsScope = { kind: 'floor' };
const lastQuarter: AnalyticsFilters = { from: new Date(STARTED_AT.getTime() + 270 * 86_400_000).toISOString() };

/** Each read is what its route runs for a manager (the floor's scope), timed in process. */
const reads: { label: string; read(pool: Pool): Promise<unknown> }[] = [
  { label: 'GET /api/analytics/leads, the floor, all time', read: (pool) => leadAnalytics(pool, { scope: floor, filters: {}, timeZone: 'UTC' }) },
  { label: 'GET /api/analytics/leads, last quarter, one team', read: (pool) => leadAnalytics(pool, { scope: floor, filters: { ...lastQuarter, teamId: 1 }, timeZone: 'UTC' }) },
  { label: 'GET /api/analytics/leads, a team lead\'s teams', read: (pool) => leadAnalytics(pool, { scope: { kind: 'teams', actorId: 1, teams: [2] }, filters: {}, timeZone: 'UTC' }) },
  { label: 'GET /api/analytics/leads, lead type and source', read: (pool) => leadAnalytics(pool, { scope: floor, filters: { leadType: 'finance', source: 'referral' }, timeZone: 'UTC' }) },
  { label: 'GET /api/analytics/funnel, the floor, all time', read: (pool) => funnelAnalytics(pool, { scope: floor, filters: {}, limit: 50 }) },
  { label: 'GET /api/analytics/agents, first page', read: (pool) => agentAnalytics(pool, { scope: floor, filters: {}, limit: 50 }) },
  { label: 'GET /api/analytics/leads/explain, sold, first page', read: (pool) => explainLeads(pool, { scope: floor, filters: {}, figure: 'sold', limit: 50 }) },
  { label: 'GET /api/analytics/leads/explain, stays in Discovery, page 2', read: (pool) => explainLeads(pool, { scope: floor, filters: {}, figure: 'stage', stage: 'discovery', limit: 50, cursor: '5000:1' }) },
];

/**
 * 100,000 leads' worth of read-model rows, written with SQL (seconds, where building them from
 * a million events through the replay takes minutes on a busy machine): lead_facts_v1 with the
 * leads spread over a year of created weeks and every step of the funnel filled as a floor fills
 * it (most claimed, fewer contacted and qualified, about a quarter closed), one to three stage
 * stays each, a sale per sold lead (one in fifty rejected), the people on two teams, and the
 * pool's rows the explanations name leads from. The projection's own fold is tested against its
 * events in its spec; this measures the reads over rows of that shape.
 */
async function seed(pool: Pool) {
  const db = await pool.connect();
  try {
    for (const p of [leadPool, users, teams, leadAnalyticsProjection]) await ensureProjectionTables(db, p);
    // $1 the first day, $2 the agents, $3 the leads (each statement names those it uses).
    const statements = [
      `insert into teams_v1 (id, name, manager_id, lead_type, created_at, version)
               select t, 'Team ' || t, null, null, $1, 1 from generate_series(1, 2) t`,
      `insert into users_v1 (id, username, email, full_name, role, level, points, team_id, manager_id, avatar_url, bio, created_at, version)
               select u, 'agent' || u, 'agent' || u || '@example.com', 'Agent ' || u, 'agent', 'rookie', 0, 1 + u % 2, null, null, null, $1, 1
               from generate_series(1, $2::int) u`,
      `insert into lead_pool_v1 (id, name, email, phone, address, city, state, lead_type, status, source, notes, priority, stage,
                 created_at, updated_at, version)
               select id, 'Lead ' || id, 'lead' || id || '@example.com', '(415) 555-0100', null, 'San Francisco', 'CA',
                      (array['real_estate', 'finance', 'forex'])[1 + id % 3], 'available', null, null, 'medium', 'new', $1, $1, 1
               from generate_series(1, $3::int) id`,
      `insert into lead_facts_v1 (lead_id, lead_type, source, funnel_campaign_id, created_at, status, agent_id, first_claimed_at,
                 first_claimed_by, contacted_at, qualified_at, sold_at, lost_at, stage, revenue_cents, version)
               select id, (array['real_estate', 'finance', 'forex'])[1 + id % 3],
                      (array['website', 'referral', 'advertisement', 'cold_call', 'social_media', 'other', null])[1 + id % 7], null, c,
                      case when k < 2 then 'sold' when k = 2 then 'lost' when k < 5 then 'qualified' when k < 7 then 'contacted'
                           when k < 9 then 'claimed' else 'available' end,
                      case when k < 9 then 1 + id % $2::int end,
                      case when k < 9 then c + (id % 50) * interval '1 hour' end, case when k < 9 then 1 + id % $2::int end,
                      case when k < 7 and k <> 2 then c + (id % 50 + 2 + id % 90) * interval '1 hour' end,
                      case when k < 5 and k <> 2 then c + (id % 50 + 30 + id % 200) * interval '1 hour' end,
                      case when k < 2 then c + (id % 50 + 300) * interval '1 hour' end,
                      case when k = 2 then c + (id % 50 + 100) * interval '1 hour' end,
                      (array['new', 'discovery', 'proposal', 'negotiation', 'closed'])[1 + id % 5], 0, 5
               from (select id, $1::timestamptz + (id % 365) * interval '1 day' + (id % 1440) * interval '1 minute' as c, (id * 7) % 10 as k
                     from generate_series(1, $3::int) id) l`,
      `insert into lead_stage_intervals_v1 (lead_id, entered_version, stage, entered_at, left_at)
               select f.lead_id, s.n, (array['new', 'discovery', 'proposal'])[s.n], f.created_at + (s.n - 1) * interval '2 days',
                      case when s.n < 1 + f.lead_id % 3 then f.created_at + s.n * interval '2 days' - (f.lead_id % 17) * interval '1 hour' end
               from lead_facts_v1 f cross join lateral generate_series(1, 1 + f.lead_id % 3) s(n)`,
      `insert into lead_sales_v1 (sale_id, lead_id, user_id, amount_cents, sold_at, rejected, version)
               select row_number() over (order by lead_id), lead_id, agent_id, 50000 + (lead_id * 7919) % 900000, sold_at, lead_id % 50 = 1, 1
               from lead_facts_v1 where status = 'sold'`,
      `update lead_facts_v1 f set revenue_cents = s.amount_cents from lead_sales_v1 s where s.lead_id = f.lead_id and not s.rejected`,
    ];
    for (const sql of statements) {
      const used = [1, 2, 3].filter((i) => sql.includes(`$${i}`));
      const renumbered = used.reduce((q, i, j) => q.replaceAll(`$${i}`, `$$${j + 1}`), sql);
      await db.query(renumbered, used.map((i) => [STARTED_AT, AGENTS, LEADS][i - 1]));
    }
    // The weekly rollup, by the projection's own code: every fact row's contribution added to its cell.
    for (let after = 0; ;) {
      const { rows } = await db.query<{ row: LeadFactRow }>(
        'select to_jsonb(f) as row from lead_facts_v1 f where lead_id > $1 order by lead_id limit 20000', [after]);
      if (rows.length === 0) break;
      await applyRollupDeltas(db, 'lead_rollup_v1', rollupDeltas(rows.map((r) => [null, r.row])));
      after = rows.at(-1)!.row.lead_id;
    }
    await db.query('vacuum analyze teams_v1, users_v1, lead_pool_v1, lead_facts_v1, lead_stage_intervals_v1, lead_sales_v1, lead_rollup_v1');
  } finally {
    db.release();
  }
}

/** Scenario 10: the analytics API's reads over 100,000 leads. */
export async function analyticsReads(ctx: BenchContext): Promise<ScenarioResult> {
  const count = ctx.mode === 'quick' ? 50 : 300;
  const url = await ctx.databases.create('analytics');
  const pool = createPool(url, { max: 6, applicationName: 'lf-bench-analytics' });
  try {
    const t0 = Date.now();
    await seed(pool);
    ctx.log(`analytics: read-model rows of ${LEADS} leads written in ${round((Date.now() - t0) / 1000)} s`);
    const { rows: shape } = await pool.query<{ leads: string; stays: string; sales: string }>(
      'select (select count(*) from lead_facts_v1) as leads, (select count(*) from lead_stage_intervals_v1) as stays, (select count(*) from lead_sales_v1) as sales');

    const timeRead = async (read: (pool: Pool) => Promise<unknown>, n: number) => {
      const ms: number[] = [];
      let failed = 0;
      for (let i = 0; i < n && !ctx.signal.aborted; i++) {
        const start = performance.now();
        try {
          await read(pool);
          ms.push(performance.now() - start);
        } catch (e) {
          failed++;
          if (failed === 1) ctx.log(`analytics: a read failed: ${(e as Error).message}`);
        }
      }
      return { ...latencySummary(ms), failed };
    };

    const figures: Figure[] = [];
    let failedAll = 0;
    let worst = 0;
    for (const r of reads) {
      await timeRead(r.read, WARM_UP);
      const runs = [];
      for (let run = 0; run < ctx.runs && !ctx.signal.aborted; run++) runs.push(await timeRead(r.read, count));
      failedAll += runs.reduce((a, x) => a + x.failed, 0);
      const p99 = medianFigure(`${r.label}: p99`, runs.map((x) => x.p99), { unit: 'ms', target: `≤ ${TARGET_MS} ms` });
      p99.verdict = verdict(typeof p99.value === 'number' ? p99.value <= TARGET_MS : null);
      if (typeof p99.value === 'number') worst = Math.max(worst, p99.value);
      figures.push(medianFigure(`${r.label}: p50`, runs.map((x) => x.p50), { unit: 'ms' }), p99);
      ctx.log(`analytics: ${r.label}: p50 ${figures[figures.length - 2]!.value} ms, p99 ${p99.value} ms`);
    }
    figures.push({ label: 'failed reads, all runs', value: failedAll, target: '0', verdict: verdict(failedAll === 0) });
    return {
      id: 'analytics', title: '10. Analytics API over 100,000 leads', status: 'measured',
      command: `npm run bench -- --only=analytics${ctx.mode === 'quick' ? ' --quick' : ''}`,
      parameters: {
        leads: LEADS, stageStays: Number(shape[0]!.stays), sales: Number(shape[0]!.sales), agents: AGENTS,
        readsPerFigure: count, warmUpReads: WARM_UP, readers: 1,
      },
      figures,
      reading: `Every analytics read over ${LEADS.toLocaleString('en-US')} leads (${Number(shape[0]!.stays).toLocaleString('en-US')} stage stays, ${Number(shape[0]!.sales).toLocaleString('en-US')} sales): the slowest p99 ${worst} ms (target ≤ ${TARGET_MS} ms).`,
      notes: [
        `The rows: ${LEADS.toLocaleString('en-US')} leads' facts written with SQL, created over a year (53 created weeks), of every ten one never claimed, two held as claimed, two contacted, two qualified, two sold (a sale each, one sale in fifty rejected) and one lost; one to three stage stays each; ${AGENTS} agents on two teams. The projection's fold of real events into such rows is tested in projector/src/projections/lead-analytics.int.spec.ts.`,
        `Each read is what its route runs after the session check (the functions of query-service/src/analytics), timed in process, one reader, ${WARM_UP} untimed reads of each first. HTTP adds the gateway's session check and serialisation (see scenario 7 for its size).`,
      ],
    };
  } finally {
    await pool.end();
    await ctx.databases.drop('analytics');
  }
}
