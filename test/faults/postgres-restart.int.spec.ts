import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/src/migrations/migrate';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../infra/src/postgres/embedded';
import { answers, childPids, freePort, isRunning, spawnChild, waitUntilReady, type Child } from '../child-process';
import { waitFor } from '../wait-for';
import { call, newLead, register, signIn } from './http-user';

// QUALITY.md, fault 5: PostgreSQL killed and restarted. The app (the embedded form, `npm start`'s
// command, as a child process) runs on a PostgreSQL of this test's own, in a temp folder: never
// the machine's shared server. Writers keep sending commands; the postmaster gets SIGKILL. While
// it is down every request is answered 503 (no 500, no hang); once PostgreSQL is started again
// on the same data, the same app process (never restarted) takes commands again, its read
// models catch up, and every command it acknowledged is in the store exactly once.

// Bounds: starting the parts (a loaded 2-core machine takes a while), and the test itself.
const START_BOUND_MS = 180_000;
const TEST_BOUND_MS = 150_000;
const WRITERS = 3;
const ACKS_BEFORE_KILL = 20;

let dataDir: string;
let database: EmbeddedPostgres | undefined;
let databasePort: number;
let app: Child | undefined;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadfloor-pg-fault-'));
  database = await startEmbeddedPostgres({ dataDir, port: 0 });
  databasePort = database.port;
  await migrate(database.url);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATABASE_URL: database.url, PORT: String(port), DEMO: 'false', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '10000',
    REGISTRATIONS_PER_ADDRESS: '100000', LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    // The API is what this fault is about; `npm start`'s console build is the smoke test's.
    CONSOLE_BUILD: 'off',
  };
  for (const name of ['REDIS_URL', 'KAFKA_BROKERS', 'COMMAND_SERVICE_URL', 'METRICS_PORT', 'METRICS_TOKEN', 'NODE_ENV']) delete env[name];
  app = spawnChild('leadfloor', process.execPath, ['--import', 'tsx', 'launcher/src/embedded.ts'], { env });
  await waitUntilReady(app, () => answers(`${base}/readyz`));
}, START_BOUND_MS);

afterAll(async () => {
  await app?.stop();
  await database?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Outcome = { key: string; status: number | 'no answer'; leadId?: number };

describe('PostgreSQL killed and restarted (fault 5)', () => {
  it('answers 503 while it is down, then takes commands again without a restart, with every acknowledged command stored once', async () => {
    // This PostgreSQL is the test's own: a 503 here is the fault under test, never retried.
    const ann = await register(base, 'ann', { retryBusyDatabase: false });
    const outcomes: Outcome[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `pg-fault-${w}-${String(i).padStart(5, '0')}`;
        try {
          const res = await ann.request('POST', '/api/leads', newLead(`Lead ${key}`), { 'idempotency-key': key });
          outcomes.push({ key, status: res.status, leadId: res.body?.lead?.id });
          // A refused client retries after a moment, as the console's user would; not a wait for the test.
          if (res.status !== 201) await new Promise((r) => setTimeout(r, 100));
        } catch {
          outcomes.push({ key, status: 'no answer' });
        }
      }
    };
    const acked = () => outcomes.filter((o) => o.status === 201);
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await waitFor(() => acked().length >= ACKS_BEFORE_KILL, { timeoutMs: 30_000, what: 'commands to be acknowledged' });

    // SIGKILL to the postmaster; its backends notice and exit, leaving the data folder to a restart.
    const clusterDir = database!.clusterDir;
    const postmaster = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const backends = childPids(postmaster);
    process.kill(postmaster, 'SIGKILL');
    await waitFor(() => [postmaster, ...backends].every((p) => !isRunning(p)), { timeoutMs: 20_000, what: 'PostgreSQL and its backends to be gone' });
    const killedAt = outcomes.length;

    // Down: answers are 503 problems, for writes, sign-in, reads and readiness alike.
    await waitFor(() => outcomes.slice(killedAt).some((o) => o.status === 503), { timeoutMs: 30_000, what: 'a writer to be refused with 503' })
      .catch((err: Error) => { throw new Error(`${err.message}; answers since the kill: ${summary(outcomes.slice(killedAt))}; the app's output ends:\n${app!.output().slice(-3000)}`); });
    const down = await Promise.all([
      ann.request('POST', '/api/leads', newLead('While Down')),
      signIn(base, 'ann', undefined, { retryBusyDatabase: false }).then((r) => r.answer),
      ann.request('GET', '/api/leads'),
      call(base, 'GET', '/readyz'),
    ]);
    expect(down.map((a) => a.status)).toEqual([503, 503, 503, 503]);
    expect(down[0]!.body).toMatchObject({ status: 503, error: 'database_error' });

    // The same data folder and port: the app's URL still points at it.
    await database!.stop(); // disarms the first server's stop watchdog; there is nothing left to stop
    database = await startEmbeddedPostgres({ dataDir, port: databasePort });
    const restartedAt = outcomes.length;
    await waitFor(() => outcomes.slice(restartedAt).some((o) => o.status === 201), { timeoutMs: 60_000, what: 'a command to succeed after the restart' });
    stop = true;
    await Promise.all(writers);

    // Reads resume: the projections took up where they were; a new lead is in the pool.
    const fresh = await ann.request('POST', '/api/leads', newLead('After Restart'));
    expect(fresh.status).toBe(201);
    await waitFor(async () => (await ann.request('GET', `/api/leads/${fresh.body.lead.id}`)).status === 200, { timeoutMs: 30_000, what: 'the read model to show a lead made after the restart' });
    expect(app!.running()).toBe(true);

    // Nothing but 201 or 503 was ever answered; no request went unanswered.
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const ids = acked().map((o) => `lead-${o.leadId}`);
      const { rows } = await client.query<{ stream_id: string; n: number; command_id: string }>(
        `select stream_id, count(*)::int as n, min(metadata->>'commandId') as command_id from events
         where type = 'LeadCreated' and stream_id = any($1) group by stream_id`, [ids]);
      const byStream = new Map(rows.map((r) => [r.stream_id, r]));
      for (const o of acked()) expect(byStream.get(`lead-${o.leadId}`), o.key).toMatchObject({ n: 1, command_id: `${ann.id}:${o.key}` });
      // Every stored lead reached the read model (the pool's count, read through the API).
      const { rows: [created] } = await client.query<{ n: number }>(`select count(*)::int as n from events where type = 'LeadCreated'`);
      await waitFor(async () => (await ann.request('GET', '/api/leads?limit=1')).body.total === created!.n,
        { timeoutMs: 30_000, what: 'every stored lead to be in the lead pool' });
    } finally {
      await client.end();
    }
    const refused = outcomes.filter((o) => o.status === 503).length;
    console.info(`postgres restart: ${acked().length} acknowledged, ${refused} refused with 503 while down`);
  }, TEST_BOUND_MS);
});

const summary = (list: Outcome[]) => JSON.stringify(list.reduce<Record<string, number>>((n, o) => ({ ...n, [o.status]: (n[o.status] ?? 0) + 1 }), {}));
