import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { createPostgresTailSource } from '@leadfloor/infra/projections/postgres-tail-source';
import { REPLAY_BATCH, replayProjections } from '@leadfloor/infra/projections/rebuild';
import { tablesHash } from '@leadfloor/infra/projections/tables';
import { projections, startProjections } from '@leadfloor/projector/run-projections';
import { historyLength, insertFloorPeople, insertLeadHistories } from './bulk-histories';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { watchProcess } from './process-usage';
import { round, sleep } from './stats';

const TARGET_EPS = 50_000;
const EVENTS_PER_TRANSACTION = 50_000;
const CATCH_UP_BATCH = 5_000;

/** Lead histories until the log holds at least `target` events, in transactions of ~50,000 events. */
async function generate(ctx: BenchContext, pool: ReturnType<typeof createPool>, target: number) {
  const db = await pool.connect();
  const t0 = Date.now();
  try {
    const startedAt = new Date(Date.now() - 60 * 86_400_000);
    const agents = await insertFloorPeople(db, 50, startedAt);
    let events = 52;
    let next = 1;
    for (let batch = 0; events < target && batch < 10_000 && !ctx.signal.aborted; batch++) {
      let last = next - 1;
      let planned = 0;
      while (planned < Math.min(EVENTS_PER_TRANSACTION, target - events)) planned += historyLength(++last);
      events += await insertLeadHistories(db, { firstId: next, lastId: last, agentIds: agents, startedAt });
      next = last + 1;
    }
    await db.query('vacuum analyze events, streams');
    return { events, leads: next - 1, seconds: (Date.now() - t0) / 1000 };
  } finally {
    db.release();
  }
}

/** Runs every projection live (the Postgres tail) until each checkpoint is at the end of the log. */
async function catchUp(ctx: BenchContext, url: string, pool: ReturnType<typeof createPool>, timeoutMs: number) {
  const store = createPostgresEventStore(pool);
  const notifier = createLogNotifier(url);
  const t0 = Date.now();
  const running = startProjections({ pool, sourceFor: (p) => createPostgresTailSource({ pool, store, notifier, name: p.name, batchSize: CATCH_UP_BATCH }) });
  let failure: unknown = null;
  running.failed.catch((err: unknown) => (failure = err));
  try {
    const { rows } = await pool.query<{ tx: string; pos: string }>(
      'select transaction_id::text as tx, global_position::text as pos from events order by transaction_id desc, global_position desc limit 1');
    const end = rows[0]!;
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && !ctx.signal.aborted;) {
      if (failure) throw new Error(`a live projection stopped while catching up: ${String((failure as Error).message ?? failure)}`);
      const { rows: behind } = await pool.query<{ n: string }>(
        `select count(*) as n from checkpoints where name = any($1) and (transaction_id, global_position) < ($2::text::xid8, $3::bigint)`,
        [projections.map((p) => p.name), end.tx, end.pos]);
      const { rows: known } = await pool.query<{ n: string }>('select count(*) as n from checkpoints where name = any($1)', [projections.map((p) => p.name)]);
      if (Number(behind[0]!.n) === 0 && Number(known[0]!.n) === projections.length) return (Date.now() - t0) / 1000;
      await sleep(100);
    }
    return null;
  } finally {
    await running.stop();
    await notifier.close();
  }
}

/** Scenario 6: replay every read model from a log of 1,000,000 events (quick: 100,000). */
export async function rebuild(ctx: BenchContext): Promise<ScenarioResult> {
  const target = ctx.mode === 'quick' ? 100_000 : 1_000_000;
  const url = await ctx.databases.create('rebuild');
  // every projection's runner holds a connection while it applies, and its source reads beside it
  const pool = createPool(url, { max: 2 * projections.length + 4, applicationName: 'lf-bench-rebuild' });
  const store = createPostgresEventStore(pool);
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const gen = await generate(ctx, pool, target);
    ctx.log(`rebuild: ${gen.events} events (${gen.leads} leads) written in ${round(gen.seconds)} s`);
    const catchUpLimit = ctx.mode === 'quick' ? 180 : 600;
    const catchUpSeconds = await catchUp(ctx, url, pool, catchUpLimit * 1000);
    ctx.log(catchUpSeconds === null ? `rebuild: live projections had not caught up after ${catchUpLimit} s` : `rebuild: live projections caught up in ${round(catchUpSeconds)} s`);
    if (catchUpSeconds === null) notes.push(`The live projections had not caught up with the log after ${catchUpLimit} s: the rebuilt tables could not be compared with live ones.`);

    // The live tables' ordered row hashes, to compare every rebuild with (what checkProjection compares).
    const live = new Map<string, { rows: number; hash: string }>();
    const db = await pool.connect();
    try {
      for (const p of projections) live.set(p.name, await tablesHash(db, p.tables));
    } finally {
      db.release();
    }

    const total: (number | null)[] = [];
    const readShare: (number | null)[] = [];
    const cpuShare: (number | null)[] = [];
    // the replay's log reads (the next batch is read while the current one is applied)
    let readMs = 0;
    const timedStore = {
      ...store,
      async readAfter(after: Parameters<typeof store.readAfter>[0], limit: number) {
        const t0 = Date.now();
        try {
          return await store.readAfter(after, limit);
        } finally {
          readMs += Date.now() - t0;
        }
      },
    };
    const mismatches = new Set<string>();
    const rebuiltRows = new Map<string, number>();
    const budgetEnd = Date.now() + (ctx.mode === 'quick' ? 120_000 : 360_000);
    for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) {
      if (r > 0 && Date.now() > budgetEnd) {
        notes.push(`Replay repeated ${r} time(s) rather than ${ctx.runs}: the scenario's time budget ran out.`);
        break;
      }
      readMs = 0;
      const t0 = Date.now();
      const usage = watchProcess();
      const outs = await replayProjections({ pool, store: timedStore, projections });
      const seconds = (Date.now() - t0) / 1000;
      const client = usage();
      for (const out of outs) {
        rebuiltRows.set(out.name, out.rows);
        const expected = live.get(out.name)!;
        if (out.hash !== expected.hash || out.rows !== expected.rows) mismatches.add(out.name);
      }
      total.push(round(gen.events / seconds, 0));
      readShare.push(round((readMs / 1000 / seconds) * 100, 0));
      cpuShare.push(client.cpuPercent);
      ctx.log(`rebuild: replay of all read models, run ${r + 1}: ${round(seconds)} s, ${Math.round(gen.events / seconds)} events/s; bench process CPU ${client.cpuPercent} %`);
    }
    const compared = catchUpSeconds !== null && total.length > 0;
    const allEqual = compared && mismatches.size === 0;
    const checks = projections.map((p) => ({ name: p.name, rows: rebuiltRows.get(p.name) ?? live.get(p.name)!.rows }));
    const all = medianFigure(`replay of all ${projections.length} read models, log events/s`, total, { unit: 'events/s', target: `≥ ${TARGET_EPS.toLocaleString('en-US')} events/s` });
    all.verdict = verdict(typeof all.value === 'number' ? all.value >= TARGET_EPS : null);
    figures.push(all,
      medianFigure('share of the replay time with a log read (readAfter) in flight, overlapping the applying', readShare, { unit: '%', target: 'diagnostic' }),
      medianFigure('bench process CPU during the replay (100 % = one core; Postgres works beside it)', cpuShare, { unit: '%', target: 'diagnostic' }),
      { label: 'rebuilt tables equal the live ones (ordered row hash)', value: compared ? (allEqual ? 'yes' : 'NO') : 'not compared', target: 'identical', verdict: verdict(compared ? allEqual : null) },
      { label: `live projector catch-up from position 0 (batches of ${CATCH_UP_BATCH}), events/s`, value: catchUpSeconds === null ? `< ${round(gen.events / catchUpLimit, 0)}` : round(gen.events / catchUpSeconds, 0), unit: 'events/s', target: 'context' },
      { label: 'bulk generation of the log, events/s', value: round(gen.events / gen.seconds, 0), unit: 'events/s', target: 'context' });
    notes.push(`The log: ${gen.events.toLocaleString('en-US')} events, ${gen.leads.toLocaleString('en-US')} leads of 4 to 10 events (created, claimed, scored, tagged, contacted, stage, priority, qualified, proposal, follow-up), 50 users, 2 teams; written straight into the events table in transactions of about ${EVENTS_PER_TRANSACTION.toLocaleString('en-US')} events with contiguous stream versions.`);
    notes.push(`Replay of every read model at once, as \`npm run replay -- --all\` does (replayProjections): fresh tables without their secondary indexes, one read of the log in batches of ${REPLAY_BATCH.toLocaleString('en-US')} events handed to every read model's loader (rows folded in memory, written in multi-row inserts), indexes built after the load, a catch-up, then one swap per read model; "all" is the log size over the wall time of the whole. Rebuilt row counts: ${checks.map((c) => `${c.name} ${c.rows.toLocaleString('en-US')}`).join(', ')}.`);
    notes.push('The check: after the live runners (tailing the log as in production) had caught up and stopped, each table\'s ordered row hash (tablesHash, what checkProjection compares) was taken; every replay must give the same rows and hash.');
    if (compared && mismatches.size > 0) notes.push(`Hash mismatch in: ${[...mismatches].join(', ')}.`);
    const idle = checks.filter((c) => c.rows === 0).map((c) => c.name);
    if (idle.length) notes.push(`The generated log holds no events of ${idle.join(', ')}: they stay empty.`);
    return {
      id: 'rebuild', title: '6. Rebuild of every read model', status: 'measured',
      command: `npm run bench -- --only=rebuild${ctx.mode === 'quick' ? ' --quick' : ''}`,
      parameters: { events: gen.events, leads: gen.leads, readModels: projections.map((p) => p.name), replayBatch: REPLAY_BATCH },
      figures,
      reading: `Replaying every read model from ${gen.events.toLocaleString('en-US')} events runs at ${all.value ?? '?'} events/s against ≥ ${TARGET_EPS.toLocaleString('en-US')}; the rebuilt tables ${!compared ? 'could not be compared with' : allEqual ? 'equal' : 'DO NOT equal'} the incrementally built ones.`,
      notes,
    };
  } finally {
    await pool.end();
    await ctx.databases.drop('rebuild');
  }
}
