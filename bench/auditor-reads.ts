import { performance } from 'node:perf_hooks';
import { foldLead, isEventType, parseEventData, type LeadEvent } from '@leadfloor/events';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { insertFloorPeople, insertLeadHistories } from './bulk-histories';
import { seeded, type HttpBench } from './http-floor';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary } from './stats';

const LEADS = 100;
const HISTORY = 200;
/** Reads of each kind before the timed ones. */
const WARM_UP = 50;
const STARTED_AT = new Date(Date.UTC(2025, 0, 6, 9));
/** Mid-history: the instant after event 100 of lead `id` (the generator's timestamps). */
const asOfFor = (id: number) => new Date(STARTED_AT.getTime() + (id % 1440) * 60_000 + 100.5 * 3_600_000).toISOString();

type Read = (leadId: number, asOf?: string) => Promise<boolean>;

/** `count` reads one after another (one auditor), each of a random lead of the range. */
async function timeReads(read: Read, range: { firstId: number }, count: number, asOf: boolean, seed: number, signal: AbortSignal) {
  const random = seeded(seed);
  const ms: number[] = [];
  let failed = 0;
  const deadline = Date.now() + 120_000;
  for (let i = 0; i < count && !signal.aborted && Date.now() < deadline; i++) {
    const id = range.firstId + Math.floor(random() * LEADS);
    const t0 = performance.now();
    if (await read(id, asOf ? asOfFor(id) : undefined).catch(() => false)) ms.push(performance.now() - t0);
    else failed++;
  }
  return { ...latencySummary(ms), failed };
}

/** In-process: the store's read and fold, without HTTP (what the route does before serialising). */
function storeReader(pool: Pool): Read {
  const store = createPostgresEventStore(pool);
  return async (leadId, asOf) => {
    const events = await store.readStream(`lead-${leadId}`, asOf ? { until: new Date(asOf) } : {});
    if (!asOf) return events.length === HISTORY;
    const state = foldLead(events.filter((e) => isEventType(e.type)).map((e) =>
      ({ type: e.type, data: parseEventData(e.type as LeadEvent['type'], e.data, e.metadata.schemaVersion) }) as LeadEvent));
    return state.exists;
  };
}

/** Scenario 7: an auditor reading long lead histories, and leads as of a past instant. */
export async function auditorReads(ctx: BenchContext, bench: HttpBench | null): Promise<ScenarioResult> {
  const count = ctx.mode === 'quick' ? 300 : 1_000;
  let pool: Pool;
  let range: { firstId: number; lastId: number };
  let ownPool = false;
  if (bench) {
    pool = bench.floor.pool;
    range = await bench.floor.newLeads(LEADS, { length: HISTORY, startedAt: STARTED_AT });
  } else {
    const url = await ctx.databases.create('audit');
    pool = createPool(url, { max: 4, applicationName: 'lf-bench-audit' });
    ownPool = true;
    const db = await pool.connect();
    try {
      const agents = await insertFloorPeople(db, 20, STARTED_AT);
      await insertLeadHistories(db, { firstId: 1, lastId: LEADS, agentIds: agents, fixedLength: HISTORY, startedAt: STARTED_AT });
    } finally {
      db.release();
    }
    range = { firstId: 1, lastId: LEADS };
  }
  try {
    const readers: { via: string; read: Read }[] = [];
    if (bench) {
      const agent = bench.floor.agents[0]!;
      readers.push({
        via: 'HTTP',
        read: async (id, asOf) => {
          const path = asOf ? `/api/leads/${id}?asOf=${encodeURIComponent(asOf)}` : `/api/leads/${id}/history`;
          const r = await bench.client.request('GET', path, undefined, agent.cookie);
          return r.status === 200;
        },
      });
    }
    readers.push({ via: 'store fold in process', read: storeReader(pool) });
    const figures: Figure[] = [];
    const readings: string[] = [];
    for (const { via, read } of readers) {
      // Warm-up, not timed: the first reads of a freshly started server run unoptimised code
      // (the JIT has not compiled the route yet) and would make the p99 of a short run.
      await timeReads(read, range, WARM_UP, false, 5, ctx.signal);
      await timeReads(read, range, WARM_UP, true, 7, ctx.signal);
      const history: { p99: number | null; p50: number | null; failed: number }[] = [];
      const asOf: { p99: number | null; p50: number | null; failed: number }[] = [];
      for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) {
        history.push(await timeReads(read, range, count, false, 11 + r, ctx.signal));
        asOf.push(await timeReads(read, range, count, true, 23 + r, ctx.signal));
      }
      const main = via === 'HTTP' || !bench;
      const h99 = medianFigure(`${via}: history of a ${HISTORY}-event lead, p99`, history.map((x) => x.p99), { unit: 'ms', target: main ? '≤ 20 ms' : 'context' });
      const a99 = medianFigure(`${via}: lead as of a past instant, p99`, asOf.map((x) => x.p99), { unit: 'ms', target: main ? '≤ 50 ms' : 'context' });
      if (main) {
        h99.verdict = verdict(typeof h99.value === 'number' ? h99.value <= 20 : null);
        a99.verdict = verdict(typeof a99.value === 'number' ? a99.value <= 50 : null);
        readings.push(`through ${via}, history p99 ${h99.value ?? '?'} ms (≤ 20) and as-of p99 ${a99.value ?? '?'} ms (≤ 50)`);
      }
      const failed = [...history, ...asOf].reduce((a, x) => a + x.failed, 0);
      figures.push(
        medianFigure(`${via}: history p50`, history.map((x) => x.p50), { unit: 'ms' }), h99,
        medianFigure(`${via}: as-of p50`, asOf.map((x) => x.p50), { unit: 'ms' }), a99,
        { label: `${via}: failed reads, all runs`, value: failed, target: '0', verdict: verdict(failed === 0) },
      );
      ctx.log(`auditor reads via ${via}: history p99 ${h99.value} ms, as-of p99 ${a99.value} ms, ${failed} failed`);
    }
    return {
      id: 'audit', title: '7. Auditor reads: history and as-of', status: 'measured',
      command: `npm run bench -- --only=audit${ctx.mode === 'quick' ? ' --quick' : ''}`,
      parameters: { leads: LEADS, eventsPerLead: HISTORY, readsPerFigure: count, warmUpReads: WARM_UP, auditors: 1, endpoints: bench ? 'GET /api/leads/:id/history, GET /api/leads/:id?asOf=' : 'none (HTTP server unavailable)' },
      figures,
      reading: `An auditor reading ${HISTORY}-event leads one request at a time: ${readings.join('; ')}.`,
      notes: [
        `${LEADS} leads of ${HISTORY} events each (created, claimed, then months of scoring, tagging, priority and follow-ups), written straight into the log; the as-of instant is mid-history (after event 100).`,
        `Each reader first makes ${WARM_UP} untimed reads of each kind: a server that has just started runs these routes unoptimised for its first few dozen requests (tens of ms each on 2 cores), which would otherwise set the p99 of a quick run.`,
        ...(bench ? ['The in-process lines time the store read and fold alone, to show what HTTP, sessions and serialisation add.'] : ['The HTTP server was not available: these figures are the store read and fold in process.']),
      ],
    };
  } finally {
    if (ownPool) {
      await pool.end();
      await ctx.databases.drop('audit');
    }
  }
}
