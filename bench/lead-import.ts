import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { userAggregate, userStream } from '@leadfloor/command-service/users/user-aggregate';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { startBenchServer } from './bench-server';
import { httpClient, type HttpClient } from './http-client';
import { medianFigure, type BenchContext, type ScenarioResult } from './scenario';
import { round, sleep } from './stats';

const ROWS = { full: 100_000, quick: 20_000 } as const;
/** One import per bench run, in either mode: 100,000 rows take minutes on 2 cores. */
const RUNS = 1;
/** The import applies rows 16 at a time, in chunks of 500: the raw figures use the same shapes. */
const CLIENTS = 16;
const CHUNK = 500;

type Imp = { id: number; status: string; counts: { processed: number; created: number; failed: number; skipped: number }; startedAt: string | null; finishedAt: string | null;
  dryRun: { status: string; counts: { processed: number; created: number } } | null };

const rowOf = (i: number) => ({ name: `Bench Lead ${i}`, email: `bench.lead${i}@example.com`, phone: `555-${String(i).padStart(7, '0')}`, city: 'Austin', state: 'TX' });
const csvOf = (rows: number) => {
  const lines = ['name,email,phone,city,state'];
  for (let i = 1; i <= rows; i++) {
    const r = rowOf(i);
    lines.push(`${r.name},${r.email},${r.phone},${r.city},${r.state}`);
  }
  return `${lines.join('\r\n')}\r\n`;
};

/** A signed-up user made the floor's manager through the command the API's role change runs. */
async function manager(client: HttpClient, pool: Pool): Promise<string> {
  const r = await client.request('POST', '/api/auth/register', {
    username: 'bench.importer', email: 'bench.importer@example.com', password: 'bench-secret-1', fullName: 'Bench Importer',
  });
  if (r.status !== 201) throw new Error(`sign-up: ${r.status} ${r.body.slice(0, 200)}`);
  const cookie = r.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('lf_session='))!;
  const id = (JSON.parse(r.body) as { user: { id: number } }).user.id;
  await createCommandHandler(createPostgresEventStore(pool))(userAggregate, userStream(id), {
    type: 'ChangeRole', data: { role: 'manager' }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
  }, { actorId: null, correlationId: 'bench-manager' });
  for (let i = 0; i < 600; i++) {
    if ((await pool.query(`select 1 from users_v1 where id = $1 and role = 'manager'`, [id])).rowCount === 1) return cookie;
    await sleep(100);
  }
  throw new Error('the manager role did not reach the read model');
}

/** The same rows into a scratch table: `CHUNK` rows per INSERT, and one row per INSERT from `CLIENTS` connections. */
async function rawInserts(pool: Pool, rows: number) {
  await pool.query('create table if not exists bench_import_raw (id int primary key, name text, email text, phone text, city text, state text)');
  await pool.query('truncate bench_import_raw');
  let t0 = performance.now();
  for (let lo = 1; lo <= rows; lo += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, rows - lo + 1) }, (_, k) => ({ id: lo + k, ...rowOf(lo + k) }));
    await pool.query(`insert into bench_import_raw select * from jsonb_to_recordset($1::jsonb) as r(id int, name text, email text, phone text, city text, state text)`,
      [JSON.stringify(chunk)]);
  }
  const batched = rows / ((performance.now() - t0) / 1000);
  await pool.query('truncate bench_import_raw');
  let next = 1;
  t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next <= rows) {
      const i = next++;
      const r = rowOf(i);
      await pool.query('insert into bench_import_raw values ($1, $2, $3, $4, $5, $6)', [i, r.name, r.email, r.phone, r.city, r.state]);
    }
  }));
  const single = rows / ((performance.now() - t0) / 1000);
  await pool.query('drop table bench_import_raw');
  return { batched, single };
}

async function waitFor(client: HttpClient, cookie: string, id: number, done: (imp: Imp) => boolean, signal: AbortSignal, what: string): Promise<Imp> {
  for (const deadline = Date.now() + 60 * 60_000; Date.now() < deadline && !signal.aborted; await sleep(250)) {
    const r = await client.request('GET', `/api/imports/${id}`, undefined, cookie);
    if (r.status !== 200) throw new Error(`${what}: GET /api/imports/${id} answered ${r.status} ${r.body.slice(0, 300)}`);
    const imp = (JSON.parse(r.body) as { import: Imp }).import;
    if (done(imp)) return imp;
  }
  throw new Error(`${what}: not done within an hour`);
}

/**
 * 13. Lead import: a CSV of 100,000 new leads (quick: 20,000) uploaded, mapped, dry-run and run
 * through the API, each a background job of the server; rows/s of the dry run and of the run
 * (from the request to the import's finish), beside the same rows inserted raw into a scratch
 * table on the same database in the same run (batched as the import chunks, and one row per
 * statement from as many connections as the import applies rows at once).
 */
export async function leadImport(ctx: BenchContext, root: string): Promise<ScenarioResult> {
  const rows = ROWS[ctx.mode];
  const server = await startBenchServer({ root, databases: ctx.databases, log: ctx.log, signal: ctx.signal, part: 'import' });
  const client = httpClient(server.url);
  const pool = createPool(server.databaseUrl, { max: CLIENTS + 1, applicationName: 'lf-bench-import' });
  const runs = { dry: [] as (number | null)[], run: [] as (number | null)[], batched: [] as (number | null)[], single: [] as (number | null)[] };
  const notes: string[] = [];
  try {
    const cookie = await manager(client, pool);
    const csv = csvOf(rows);
    for (let n = 0; n < RUNS && !ctx.signal.aborted; n++) {
      // The raw figures first, while the server is idle (after an import its projections still work).
      const raw = await rawInserts(pool, rows);
      runs.batched.push(raw.batched);
      runs.single.push(raw.single);
      ctx.log(`raw inserts: ${round(raw.batched, 0)} rows/s batched, ${round(raw.single, 0)} rows/s one per statement`);
      // Run n imports rows the earlier runs did not: every row creates a lead.
      const offset = n * rows;
      const file = offset === 0 ? csv : csv.replace(/bench\.lead(\d+)@/g, (_, i: string) => `bench.lead${Number(i) + offset}@`);
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'text/csv' }), `bench-${n + 1}.csv`);
      const up = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { cookie } });
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${(await up.text()).slice(0, 200)}`);
      const id = ((await up.json()) as { import: { id: number } }).import.id;
      const mapping = { columns: { name: 'name', email: 'email', phone: 'phone', city: 'city', state: 'state' }, mode: 'create', matchOn: 'email', leadType: 'finance' };
      const mapped = await client.request('PUT', `/api/imports/${id}/mapping`, mapping, cookie);
      if (mapped.status !== 200) throw new Error(`mapping: ${mapped.status} ${mapped.body.slice(0, 200)}`);

      let t0 = performance.now();
      if ((await client.request('POST', `/api/imports/${id}/dry-run`, {}, cookie)).status !== 202) throw new Error('dry run not accepted');
      const dry = await waitFor(client, cookie, id, (i) => i.dryRun?.status === 'completed', ctx.signal, 'dry run');
      runs.dry.push(rows / ((performance.now() - t0) / 1000));
      if (dry.dryRun!.counts.created !== rows) notes.push(`run ${n + 1}: the dry run planned ${dry.dryRun!.counts.created} of ${rows} rows as new leads`);

      t0 = performance.now();
      if ((await client.request('POST', `/api/imports/${id}/run`, {}, cookie)).status !== 202) throw new Error('run not accepted');
      const imp = await waitFor(client, cookie, id, (i) => i.status === 'completed', ctx.signal, 'run');
      runs.run.push(rows / ((performance.now() - t0) / 1000));
      const { rows: [marks] } = await pool.query<{ n: string; rows: string }>(
        `select count(*) as n, count(distinct (data->>'row')::int) as rows from events where type = 'LeadImported' and (data->>'importId')::int = $1`, [id]);
      if (imp.counts.created !== rows || Number(marks!.n) !== rows || Number(marks!.rows) !== rows) {
        notes.push(`run ${n + 1}: ${imp.counts.created} created, ${marks!.n} LeadImported events over ${marks!.rows} rows (expected ${rows} each)`);
      }
      ctx.log(`import ${n + 1}: dry run ${round(runs.dry.at(-1)!, 0)} rows/s, run ${round(runs.run.at(-1)!, 0)} rows/s`);

    }
  } finally {
    client.close();
    await pool.end();
    await server.stop();
  }
  const figures = [
    medianFigure('dry run (the run\'s planning, nothing applied)', runs.dry.map((v) => round(v, 0)), { unit: 'rows/s', verdict: 'n/a' }),
    medianFigure('import run (lead created + marked imported, each row its own command)', runs.run.map((v) => round(v, 0)), { unit: 'rows/s', verdict: 'n/a' }),
    medianFigure(`raw: the same rows, ${CHUNK} per INSERT`, runs.batched.map((v) => round(v, 0)), { unit: 'rows/s', verdict: 'n/a' }),
    medianFigure(`raw: the same rows, one per INSERT, ${CLIENTS} connections`, runs.single.map((v) => round(v, 0)), { unit: 'rows/s', verdict: 'n/a' }),
  ];
  const run = figures[1]!.value as number | null;
  const single = figures[3]!.value as number | null;
  return {
    id: 'import', title: '13. Lead import: 100,000 rows through the API', status: notes.length === 0 ? 'measured' : 'partly measured',
    command: `npm run bench -- --only=import${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { rows, runs: RUNS, applyConcurrency: CLIENTS, chunk: CHUNK },
    figures,
    reading: run !== null && single !== null
      ? `The run imports ${round(run, 0)} rows/s, ${round((100 * run) / single, 0)} % of the same run's single-row INSERT rate at ${CLIENTS} connections; each row is a command (its lead's stream read, two events appended at the expected version, under the row's command id) plus its bookkeeping, so a restart applies no row twice.`
      : 'Not measured.',
    notes,
  };
}
