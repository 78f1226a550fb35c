import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { userAggregate, userStream } from '../../command-service/src/users/user-aggregate';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createPool, type Pool } from '../../infra/src/postgres/pool';
import { answers, freePort, spawnChild, waitUntilReady, type Child } from '../child-process';
import { createTestDatabase } from '../db';
import { waitFor } from '../wait-for';
import { register } from './http-user';

// The app (`npm start`'s command, as a child process) is killed with SIGKILL in the middle of a
// lead import. Started again on the same database, the import's job (BullMQ on PostgreSQL) runs
// again: it re-applies the rows written before the kill under their own command ids and goes
// on from there. Every row of the file ends with exactly one outcome and every lead it made
// exists once: no row applied twice, none lost. Then its undo is killed the same way: after the
// restart every lead the import made is withdrawn exactly once, and the undo ends once.

const START_BOUND_MS = 180_000;
const TEST_BOUND_MS = 840_000;
const ROWS = 6_000;
/** Leads the import makes: every tenth row is a duplicate. */
const LEADS = ROWS - ROWS / 10;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let app: Child | undefined;
let base: string;
let env: NodeJS.ProcessEnv;

const start = async () => {
  const child = spawnChild('leadfloor', process.execPath, ['--import', 'tsx', 'launcher/src/embedded.ts'], { env });
  await waitUntilReady(child, () => answers(`${base}/readyz`), { timeoutMs: START_BOUND_MS });
  return child;
};

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4 });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env, DATABASE_URL: db.url, PORT: String(port), DEMO: 'false', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '10000',
    REGISTRATIONS_PER_ADDRESS: '100000', LOGIN_ATTEMPTS_PER_ADDRESS: '100000', CONSOLE_BUILD: 'off',
  };
  for (const name of ['REDIS_URL', 'KAFKA_BROKERS', 'COMMAND_SERVICE_URL', 'METRICS_PORT', 'METRICS_TOKEN', 'NODE_ENV']) delete env[name];
  app = await start();
}, START_BOUND_MS);

afterAll(async () => {
  await app?.stop();
  await pool?.end();
  await db?.drop();
});

const csv = () => {
  const lines = ['name,email,phone,city,state'];
  // Every tenth row repeats an earlier email: skipped as a duplicate, before and after the kill alike.
  for (let i = 1; i <= ROWS; i++) lines.push(`Lead ${i},lead${i % 10 === 0 ? i - 1 : i}@restart.test,555-${String(i).padStart(7, '0')},Austin,TX`);
  return `${lines.join('\n')}\n`;
};

describe('app killed in the middle of an import', () => {
  it('finishes the import after a restart with every row applied exactly once, and its undo likewise with every lead withdrawn once', async () => {
    const max = await register(base, 'max');
    const handle = createCommandHandler(createPostgresEventStore(pool));
    await handle(userAggregate, userStream(max.id), {
      type: 'ChangeRole', data: { role: 'manager' }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
    }, { actorId: null, correlationId: 'test-manager' });
    await waitFor(async () => (await pool.query(`select 1 from users_v1 where id = $1 and role = 'manager'`, [max.id])).rowCount === 1, { what: 'the manager role' });

    const form = new FormData();
    form.append('file', new Blob([csv()], { type: 'text/csv' }), 'restart.csv');
    const up = await fetch(`${base}/api/imports`, { method: 'POST', body: form, headers: { cookie: max.cookie } });
    expect(up.status).toBe(201);
    const id = ((await up.json()) as { import: { id: number; rows: number } }).import.id;
    const mapping = { columns: { name: 'name', email: 'email', phone: 'phone', city: 'city', state: 'state' }, mode: 'create', matchOn: 'email', leadType: 'finance' };
    expect((await max.request('PUT', `/api/imports/${id}/mapping`, mapping)).status).toBe(200);
    expect((await max.request('POST', `/api/imports/${id}/run`, {})).status).toBe(202);

    const progress = async () => (await pool.query<{ processed: number; status: string }>('select processed, status from imports where id = $1', [id])).rows[0]!;
    await waitFor(async () => (await progress()).processed >= 1_000, { timeoutMs: 120_000, intervalMs: 5, what: 'the run under way' });
    await app!.kill('SIGKILL');
    const atKill = await progress();
    expect(atKill.status).toBe('running');
    expect(atKill.processed).toBeLessThan(ROWS);

    app = await start();
    await waitFor(async () => (await progress()).status === 'completed', { timeoutMs: 300_000, intervalMs: 250, what: 'the import to finish after the restart' });

    const { rows: [counts] } = await pool.query<{ created: number; skipped: number; failed: number; processed: number }>(
      'select created, skipped, failed, processed from imports where id = $1', [id]);
    expect(counts).toEqual({ created: ROWS - ROWS / 10, skipped: ROWS / 10, failed: 0, processed: ROWS });
    // Each row once in the import's bookkeeping, and each lead it made created and marked once.
    const { rows: [book] } = await pool.query<{ n: string; rows: string }>(
      'select count(*) as n, count(distinct row_number) as rows from import_rows where import_id = $1', [id]);
    expect(Number(book!.n)).toBe(ROWS);
    expect(Number(book!.rows)).toBe(ROWS);
    const { rows: marks } = await pool.query<{ row: number; n: string }>(
      `select (data->>'row')::int as row, count(*) as n from events where type = 'LeadImported' and (data->>'importId')::int = $1 group by 1`, [id]);
    expect(marks).toHaveLength(ROWS - ROWS / 10);
    expect(marks.every((m) => Number(m.n) === 1)).toBe(true);
    const { rows: [created] } = await pool.query<{ n: string; leads: string }>(
      `select count(*) as n, count(distinct stream_id) as leads from events e where type = 'LeadCreated'
       and exists (select 1 from events m where m.stream_id = e.stream_id and m.type = 'LeadImported' and (m.data->>'importId')::int = $1)`, [id]);
    expect(Number(created!.n)).toBe(ROWS - ROWS / 10);
    expect(Number(created!.leads)).toBe(ROWS - ROWS / 10);
    const { rows: [emails] } = await pool.query<{ n: string; distinct_emails: string }>(
      `select count(*) as n, count(distinct data->>'email') as distinct_emails from events where type = 'LeadCreated' and data->>'email' like '%@restart.test'`);
    expect(Number(emails!.n)).toBe(Number(emails!.distinct_emails));

    // Its undo, a job too, killed in the middle: after a restart every lead is withdrawn exactly once.
    expect((await max.request('POST', `/api/imports/${id}/undo`, {})).status).toBe(202);
    const undo = async () => (await pool.query<{ status: string; undo_processed: number; undo_reverted: number; undo_kept: number }>(
      'select status, undo_processed, undo_reverted, undo_kept from imports where id = $1', [id])).rows[0]!;
    await waitFor(async () => (await undo()).undo_processed >= 1_000, { timeoutMs: 120_000, intervalMs: 5, what: 'the undo under way' });
    await app!.kill('SIGKILL');
    const undoAtKill = await undo();
    expect(undoAtKill.status).toBe('undoing');
    expect(undoAtKill.undo_processed).toBeLessThan(LEADS);

    app = await start();
    await waitFor(async () => (await undo()).status === 'undone', { timeoutMs: 300_000, intervalMs: 250, what: 'the undo to finish after the restart' });
    expect(await undo()).toEqual({ status: 'undone', undo_processed: LEADS, undo_reverted: LEADS, undo_kept: 0 });
    const { rows: [withdrawn] } = await pool.query<{ n: string; leads: string }>(
      `select count(*) as n, count(distinct stream_id) as leads from events where type = 'LeadWithdrawn' and (data->>'importId')::int = $1`, [id]);
    expect([Number(withdrawn!.n), Number(withdrawn!.leads)]).toEqual([LEADS, LEADS]);
    const { rows: [undone] } = await pool.query<{ n: string }>(`select count(*) as n from events where stream_id = $1 and type = 'ImportUndone'`, [`import-${id}`]);
    expect(Number(undone!.n)).toBe(1);
  }, TEST_BOUND_MS);
});
