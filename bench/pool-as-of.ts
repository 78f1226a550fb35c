import { performance } from 'node:perf_hooks';
import { LeadListQuerySchema, type LeadListQuery } from '@leadfloor/contracts';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { replayProjections } from '@leadfloor/infra/projections/rebuild';
import { ensureProjectionTables } from '@leadfloor/infra/projections/tables';
import { leadPool } from '@leadfloor/projector/projections/lead-pool';
import { leadPoolHistory } from '@leadfloor/projector/projections/lead-pool-history';
import { teams } from '@leadfloor/projector/projections/teams';
import { users } from '@leadfloor/projector/projections/users';
import { projections } from '@leadfloor/projector/run-projections';
import { PipelineQuerySchema } from '@leadfloor/contracts';
import { readLivePool } from '@leadfloor/query-service/leads/lead-read-routes';
import { readPipeline } from '@leadfloor/query-service/time-travel/pipeline-read';
import { poolAsOf } from '@leadfloor/query-service/time-travel/pool-as-of';
import { rankTeamsAsOf, rankUsersAsOf } from '@leadfloor/query-service/time-travel/standings-as-of';
import { insertFloorPeople, insertLeadHistories } from './bulk-histories';
import { insertStandings } from './bulk-standings';
import { seeded } from './http-floor';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, round } from './stats';

const LEADS = 100_000;
const EVENTS_PER_LEAD = 10;
const LEADS_PER_TRANSACTION = 5_000;
const STARTED_AT = new Date(Date.UTC(2025, 5, 2, 8));
const WARM_UP = 50;
const TARGET_MS = 100;
// Lead `id`'s events are an hour apart from STARTED_AT + (id % 1440) minutes (bulk-histories):
// instants between 1 and 34 hours in catch every lead somewhere between made and fully worked.
const instant = (random: () => number) => new Date(STARTED_AT.getTime() + (1 + random() * 33) * 3_600_000);

type Read = { label: string; headline?: boolean; run(at: Date, agent: number): Promise<number> };
const page = (query: Partial<LeadListQuery>) => LeadListQuerySchema.parse({ ...query, limit: 50 });

/**
 * The reads timed, each at a random past instant: the console's first page, the filters an
 * auditor reaches for, the pipeline and the leaderboards as of then; and, as this run's raw
 * reference, the live pool's first page over the same leads. Each returns how many leads (or
 * people) it counted.
 */
const reads = (pool: Pool): Read[] => {
  const asOf = (label: string, query: Partial<LeadListQuery>, headline = false): Read => ({
    label, headline, run: async (at, agent) => (await poolAsOf(pool, page(query), agent, at)).total,
  });
  return [
    asOf('first page, newest first (the console\'s pool)', {}, true),
    asOf('tab Claimed', { tab: 'claimed' }),
    asOf('stage Discovery', { stageFilter: 'discovery' }),
    asOf('one agent\'s leads (Show only my leads)', { showMyLeadsOnly: 'true' } as Partial<LeadListQuery>),
    asOf('sorted by name', { sort: 'name_asc' }),
    {
      label: 'pipeline as of then (GET /api/pipeline?asOf=: five stage columns of 20)',
      run: async (at, agent) => (await readPipeline(pool, PipelineQuerySchema.parse({}), agent, { at, now: new Date() }))
        .reduce((a, c) => a + c.total, 0),
    },
    {
      label: 'leaderboard as of then (GET /api/leaderboard?asOf=&period=month)',
      run: async (at) => (await rankUsersAsOf(pool, { period: 'month', at, timeZone: 'UTC', limit: 50 })).length,
    },
    {
      label: 'team standings as of then (GET /api/leaderboard/teams?asOf=&period=all)',
      run: async (at) => (await rankTeamsAsOf(pool, { period: 'all', at, timeZone: 'UTC' })).length,
    },
    {
      label: 'raw reference: the live pool\'s first page now (GET /api/leads)',
      run: async (_at, agent) => (await readLivePool(pool, page({}), agent, new Date())).total,
    },
  ];
};

/** Scenario 9: the lead pool as of a past instant, over 100,000 leads and 1,000,000 events. */
export async function poolAsOfReads(ctx: BenchContext): Promise<ScenarioResult> {
  const count = ctx.mode === 'quick' ? 100 : 200;
  const url = await ctx.databases.create('asof');
  const pool = createPool(url, { max: 6, applicationName: 'lf-bench-asof' });
  try {
    const t0 = Date.now();
    let agents: number[] = [];
    let events = 0;
    const db = await pool.connect();
    try {
      agents = await insertFloorPeople(db, 50, STARTED_AT);
      for (let first = 1; first <= LEADS && !ctx.signal.aborted; first += LEADS_PER_TRANSACTION) {
        events += await insertLeadHistories(db, {
          firstId: first, lastId: Math.min(LEADS, first + LEADS_PER_TRANSACTION - 1), agentIds: agents, fixedLength: EVENTS_PER_LEAD, startedAt: STARTED_AT,
        });
      }
      await db.query('vacuum analyze events, streams');
      // Every read model's tables (the pool's filters may consult another's, e.g. the drip's holds); two are filled.
      for (const p of projections) await ensureProjectionTables(db, p);
    } finally {
      db.release();
    }
    ctx.log(`asof: ${events} lead events written in ${round((Date.now() - t0) / 1000)} s`);
    const store = createPostgresEventStore(pool);
    const t1 = Date.now();
    const [history] = await replayProjections({ pool, store, projections: [leadPoolHistory] });
    const buildSeconds = (Date.now() - t1) / 1000;
    ctx.log(`asof: lead_pool_history_v1 built by replay in ${round(buildSeconds)} s (${history!.rows} versions)`);
    // The people and their teams, the live pool (the raw reference) and what the leaderboards count.
    await replayProjections({ pool, store, projections: [users, teams, leadPool] });
    const awards = await insertStandings(pool, STARTED_AT);
    ctx.log(`asof: ${awards.points} points awards and ${awards.sales} sales written`);
    await pool.query(`vacuum analyze "${leadPoolHistory.tables.versions}", lead_pool_v1, users_v1, points_ledger_v1, sales_v1`);

    const agent = agents[0]!;
    const timeRead = async (read: Read, n: number, seed: number) => {
      const random = seeded(seed);
      const ms: number[] = [];
      let failed = 0;
      let rows = 0;
      let firstError: string | null = null;
      for (let i = 0; i < n && !ctx.signal.aborted; i++) {
        const at = instant(random);
        const start = performance.now();
        try {
          const counted = await read.run(at, agent);
          ms.push(performance.now() - start);
          rows += counted;
        } catch (err) {
          failed++;
          firstError ??= String((err as Error).message ?? err);
        }
      }
      if (firstError) ctx.log(`asof: a read failed: ${firstError}`);
      return { ...latencySummary(ms), failed, meanTotal: ms.length ? Math.round(rows / ms.length) : 0 };
    };

    const figures: Figure[] = [];
    let headline: Figure | null = null;
    let failedAll = 0;
    const context: string[] = [];
    for (const [i, r] of reads(pool).entries()) {
      await timeRead(r, WARM_UP, 1_000 + i);
      const runs = [];
      for (let run = 0; run < ctx.runs && !ctx.signal.aborted; run++) runs.push(await timeRead(r, count, 10 * run + i));
      failedAll += runs.reduce((a, x) => a + x.failed, 0);
      const p99 = medianFigure(`${r.label}: p99`, runs.map((x) => x.p99), { unit: 'ms', target: r.headline ? `≤ ${TARGET_MS} ms` : 'context' });
      if (r.headline) {
        p99.verdict = verdict(typeof p99.value === 'number' ? p99.value <= TARGET_MS : null);
        headline = p99;
      }
      figures.push(medianFigure(`${r.label}: p50`, runs.map((x) => x.p50), { unit: 'ms' }), p99);
      context.push(`${r.label}: ${runs[0]?.meanTotal.toLocaleString('en-US')} ${r.label.includes('leaderboard') || r.label.includes('team') ? 'people or teams ranked' : 'matching leads'} on average`);
      ctx.log(`asof: ${r.label}: p50 ${figures[figures.length - 2]!.value} ms, p99 ${p99.value} ms`);
    }
    figures.push(
      { label: 'failed reads, all runs', value: failedAll, target: '0', verdict: verdict(failedAll === 0) },
      { label: 'lead versions in lead_pool_history_v1', value: history!.rows, target: 'context' },
      { label: 'build of lead_pool_history_v1 by replay, events/s', value: round(events / buildSeconds, 0), unit: 'events/s', target: 'context' },
    );
    return {
      id: 'asof', title: '9. Time travel: the pool as of a past instant', status: 'measured',
      command: `npm run bench -- --only=asof${ctx.mode === 'quick' ? ' --quick' : ''}`,
      parameters: { leads: LEADS, events, eventsPerLead: EVENTS_PER_LEAD, readsPerFigure: count, warmUpReads: WARM_UP, pageSize: 50, readers: 1 },
      figures,
      reading: `The pool as of a random past instant over ${LEADS.toLocaleString('en-US')} leads and ${events.toLocaleString('en-US')} events: first page with its total and counts per type at p99 ${headline?.value ?? '?'} ms (target ≤ ${TARGET_MS} ms).`,
      notes: [
        `The log: ${LEADS.toLocaleString('en-US')} leads of ${EVENTS_PER_LEAD} events each (created, claimed, scored, tagged, contacted, discovery, priority, qualified, proposal, follow-up), an hour apart, written straight into the events table (bulk-histories.ts); lead_pool_history_v1 built from it by the replay loader (alone, for its build rate), then users_v1, teams_v1 and the live lead_pool_v1; ${awards.points.toLocaleString('en-US')} points awards (claim 5, contact 10, qualification 25, at those events' instants) and ${awards.sales.toLocaleString('en-US')} sales (one lead in twenty, at its last event) written into points_ledger_v1 and sales_v1 for the leaderboards; all analysed.`,
        `Each read is what its route runs after the session check (GET /api/leads?asOf=: poolAsOf, the page of 50 with its keyset cursor, and the total and counts per lead type over every lead valid then; the pipeline: readPipeline, its five columns at once on a pool of 6 connections; the leaderboards: rankUsersAsOf, rankTeamsAsOf), timed in process, one reader, each at a random instant between 1 and 34 hours into the floor's life; ${WARM_UP} untimed reads of each kind first. HTTP adds the gateway's session check and serialisation (see scenario 7 for its size).`,
        ...context.map((c) => `${c}.`),
      ],
    };
  } finally {
    await pool.end();
    await ctx.databases.drop('asof');
  }
}
