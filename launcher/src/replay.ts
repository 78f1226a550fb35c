// `npm run replay -- <projection>... [--check]`: rebuilds read models from the start of the log
// into fresh tables, reading the log once for all of them, and swaps them in when caught up (the
// running app keeps serving and resumes from the new tables), or, with --check, compares a
// rebuild's row hashes with the live tables.
// `npm run replay -- points`: re-derives every user's points with the current points table and
// appends the corrections (command-service/src/gamification/replay-points.ts).
import { parseArgs } from 'node:util';
import { loadConfig } from '@leadfloor/infra/config';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createLogger } from '@leadfloor/infra/logger';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { checkProjections, replayProjections } from '@leadfloor/infra/projections/rebuild';
import { findProjection, projections } from '@leadfloor/projector/run-projections';
import { replayPoints } from '@leadfloor/command-service/gamification/replay-points';
import { pointsTable } from '@leadfloor/command-service/gamification/points-table';
import { databaseForCli } from './database-for-cli';
import { progressReporter } from './progress';
import { exitOnStartupFailure } from './startup-error';

const { values, positionals } = parseArgs({ options: { check: { type: 'boolean' }, all: { type: 'boolean' } }, allowPositionals: true });
const points = positionals.includes('points') && !values.check;
const names = values.all ? projections.map((p) => p.name) : positionals.filter((n) => n !== 'points');
const chosen = names.map((n) => findProjection(n));
if ((names.length === 0 && !points) || chosen.some((p) => !p)) {
  exitOnStartupFailure(new Error(`name a projection (${projections.map((p) => p.name).join(', ')}), points, or pass --all`));
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err);
}
const db = await databaseForCli(config, createLogger(config));
// one connection per read model being rebuilt, and the log reader's
const pool = createPool(db.url, { max: Math.max(4, chosen.length + 2), applicationName: 'leadfloor-replay' });
const store = createPostgresEventStore(pool);
let failed = false;
try {
  if (points) {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from events');
    const report = progressReporter(`points (table v${pointsTable.version})`);
    const r = await replayPoints({ pool, store, onProgress: (events) => report(Math.min(events, Number(rows[0]!.n)), Number(rows[0]!.n)) });
    console.log(`points: re-read ${r.events} events with points table v${pointsTable.version}; appended ${r.appended} events (points changes, levels, badges).`);
  }
  const rebuilt = chosen.filter((p) => p !== undefined);
  if (rebuilt.length > 0) {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from events');
    const total = Number(rows[0]!.n);
    const report = progressReporter(rebuilt.length === 1 ? rebuilt[0]!.name : `${rebuilt.length} read models`);
    const onProgress = ({ events }: { events: number }) => report(Math.min(events, total), total);
    const started = Date.now();
    if (values.check) {
      for (const r of await checkProjections({ pool, store, projections: rebuilt, onProgress })) {
        failed ||= !r.equal;
        console.log(`${r.name}: ${r.equal ? 'EQUAL' : 'DIFFERENT'} — live ${r.live.rows} rows ${r.live.hash}, rebuilt ${r.rebuilt.rows} rows ${r.rebuilt.hash}`);
      }
    } else {
      const results = await replayProjections({ pool, store, projections: rebuilt, onProgress });
      const seconds = (Date.now() - started) / 1000;
      for (const r of results) console.log(`${r.name}: rebuilt from ${r.events} events, ${r.rows} rows, hash ${r.hash}; swapped in.`);
      console.log(`${results.length} read model(s) rebuilt from ${results[0]!.events} events in ${seconds.toFixed(1)} s (${Math.round(results[0]!.events / seconds)} events/s).`);
    }
  }
} finally {
  await pool.end();
  await db.stop();
}
process.exitCode = failed ? 1 : 0;
