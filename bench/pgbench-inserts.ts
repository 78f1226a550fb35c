import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sampleData, sampleMetadata, SAMPLE_TYPE } from './sample-event';
import { medianFigure, type BenchContext, type ScenarioResult } from './scenario';
import { round } from './stats';

const run = promisify(execFile);
export const CLIENTS = [1, 32] as const;

// pgbench reads ":name" as a variable, so no colon may touch a word: a space after each key's
// colon (jsonb stores the same value either way).
const literal = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''").replace(/":/g, '": ')}'::jsonb`;

// One single-row insert per transaction into a table of exactly the events table's shape
// (same defaults: transaction id, global position sequence; same keys and commit-order index).
const insert = `insert into raw_events (stream_id, stream_version, event_id, type, data, metadata)
  values ('raw-' || :client_id, nextval('raw_events_version'), gen_random_uuid(), '${SAMPLE_TYPE}', ${literal(sampleData(1))}, ${literal(sampleMetadata)})`;

const scripts = {
  // the raw limit every throughput is quoted against
  insert: `${insert};\n`,
  // diagnostic: the same insert plus a NOTIFY in the same transaction, as LeadFloor's append does
  'insert+notify': `with i as (${insert} returning 1) select pg_notify('lf_bench_raw', '') from i;\n`,
};
type ScriptName = keyof typeof scripts;

async function pgbench(url: string, file: string, clients: number, seconds: number, signal: AbortSignal) {
  const args = ['-n', '-M', 'prepared', '-f', file, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds), url];
  const { stdout } = await run('pgbench', args, { signal, timeout: (seconds + 60) * 1000, env: { ...process.env, PGAPPNAME: 'lf-bench-pgbench' } });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return { tps: Number(tps[1]), failed: Number(failed?.[1] ?? 0) };
}

/** Scenario 1: the raw single-row insert limit of this Postgres, at 1 and 32 clients. */
export async function pgbenchInserts(ctx: BenchContext): Promise<ScenarioResult> {
  const seconds = ctx.mode === 'quick' ? 5 : 8;
  const url = await ctx.databases.create('raw');
  const dir = await mkdtemp(join(tmpdir(), 'lf-bench-'));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const tps: Record<string, (number | null)[]> = {};
  let failures = 0;
  try {
    await db.query(`create table raw_events (like events including all); create sequence raw_events_version`);
    for (const [name, sql] of Object.entries(scripts)) await writeFile(join(dir, `${name}.sql`), sql);
    for (let r = 0; r < ctx.runs; r++) {
      for (const name of Object.keys(scripts) as ScriptName[]) {
        for (const c of CLIENTS) {
          if (ctx.signal.aborted) break;
          await db.query('truncate raw_events');
          await db.query('vacuum analyze raw_events');
          const out = await pgbench(url, join(dir, `${name}.sql`), c, seconds, ctx.signal);
          (tps[`${name}${c}`] ??= []).push(round(out.tps, 0));
          failures += out.failed;
          ctx.log(`pgbench ${name}, ${c} client(s), run ${r + 1}: ${Math.round(out.tps)} tps`);
        }
      }
    }
  } finally {
    await db.end();
    await rm(dir, { recursive: true, force: true });
    await ctx.databases.drop('raw');
  }
  const fig = (name: ScriptName, c: number, label: string) => medianFigure(label, tps[`${name}${c}`] ?? [], { unit: 'tps', target: 'reference' });
  const c1 = fig('insert', 1, 'single-row inserts/s, 1 client');
  const c32 = fig('insert', 32, 'single-row inserts/s, 32 clients');
  const n1 = fig('insert+notify', 1, 'diagnostic: insert + pg_notify per transaction, 1 client');
  const n32 = fig('insert+notify', 32, 'diagnostic: insert + pg_notify per transaction, 32 clients');
  ctx.shared.pgbenchTps = { c1: c1.value as number | null, c32: c32.value as number | null };
  const share = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? `${Math.round((a / b) * 100)} %` : '?');
  return {
    id: 'raw', title: '1. Raw limit: pgbench single-row inserts', status: 'measured',
    command: `pgbench -n -M prepared -f <script>.sql -c {1,32} -j {1,2} -T ${seconds}`,
    parameters: { seconds, clients: [...CLIENTS], table: 'raw_events (like events including all)', eventDataBytes: JSON.stringify(sampleData(1)).length, failedTransactions: failures },
    figures: [c1, c32, n1, n32],
    reading: `This Postgres commits about ${c1.value ?? '?'} single-row insert transactions/s from one client and ${c32.value ?? '?'} from 32: the ceiling every throughput below is quoted against. `
      + `Adding a NOTIFY to each transaction (LeadFloor's append wakes its readers that way) leaves ${share(n32.value, c32.value)} of it at 32 clients: Postgres serialises the commits of notifying transactions on one lock, which caps LeadFloor's append rate before any LeadFloor code runs.`,
    notes: [
      'Each transaction inserts one row of the events table\'s exact shape (synchronous_commit as the server is configured).',
      'The insert+notify lines are a diagnostic of the commit path, not a target.',
    ],
  };
}
