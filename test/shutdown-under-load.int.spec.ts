import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './child-process';
import { createTestDatabase } from './db';
import { waitFor } from './wait-for';

// `npm start` (its command, run directly so the exit code is the app's) on a fresh test
// database, taking writes from several keep-alive clients when SIGTERM arrives. Every command
// the app acknowledged must be in the store exactly once, and the app must exit 0: its shutdown
// is bounded by SHUTDOWN_TIMEOUT_MS and exits 1 past it (a keep-alive connection busy at the
// signal once held the HTTP close up for its 72 s keep-alive timeout).
const root = path.resolve(import.meta.dirname, '..');
const WRITERS = 6;
const ACKS_BEFORE_SIGTERM = 40;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;

function startCommand(): [string, string[]] {
  const script: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const [bin, ...args] = script.split(/\s+/);
  return [bin === 'node' ? process.execPath : bin!, args];
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.drop();
});

type Ack = { key: string; leadId: number };

describe('graceful shutdown under load', () => {
  it('exits 0 on SIGTERM during writes, with every acknowledged command in the store exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, PORT: String(port), DEMO: 'false', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '15000' };
    for (const name of ['REDIS_URL', 'KAFKA_BROKERS', 'COMMAND_SERVICE_URL', 'METRICS_PORT', 'METRICS_TOKEN']) delete env[name];
    const [command, args] = startCommand();
    const app = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = app;
    let output = '';
    app.stdout!.on('data', (d) => { output += d; });
    app.stderr!.on('data', (d) => { output += d; });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => app.on('exit', (code, signal) => resolve({ code, signal })));

    await waitFor(async () => (await fetch(`${base}/readyz`)).status === 200, { timeoutMs: 90_000, intervalMs: 200, what: 'the app to be ready' });
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'loader', email: 'loader@example.com', password: 'secret123', fullName: 'Load Agent' }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
    const userId = ((await register.json()) as { user: { id: number } }).user.id;

    const acked: Ack[] = [];
    let refused = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `load-${w}-${String(i).padStart(5, '0')}`;
        try {
          const res = await fetch(`${base}/api/leads`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ name: `Lead ${key}`, email: 'lead@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'forex' }),
          });
          if (res.ok) acked.push({ key, leadId: ((await res.json()) as { lead: { id: number } }).lead.id });
          else {
            await res.body?.cancel();
            refused++;
          }
        } catch {
          return; // the server stopped listening: this client is done
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

    await waitFor(() => acked.length >= ACKS_BEFORE_SIGTERM, { timeoutMs: 30_000, what: 'writes to be acknowledged' });
    app.kill('SIGTERM');
    const { code, signal } = await exited;
    stop = true;
    await Promise.all(writers);

    // 0 means every shutdown step succeeded within the bound (a failed step or the bound exits 1).
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_SIGTERM);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const created = await client.query<{ stream_id: string; n: number; command_id: string }>(
        `select stream_id, count(*)::int as n, min(metadata->>'commandId') as command_id from events
         where type = 'LeadCreated' and stream_id = any($1) group by stream_id`, [acked.map((a) => `lead-${a.leadId}`)]);
      const byStream = new Map(created.rows.map((r) => [r.stream_id, r]));
      for (const { key, leadId } of acked) {
        expect(byStream.get(`lead-${leadId}`), key).toMatchObject({ n: 1, command_id: `${userId}:${key}` });
      }
      const results = await client.query<{ n: number }>(
        'select count(*)::int as n from command_results where command_id = any($1)', [acked.map((a) => `${userId}:${a.key}`)]);
      expect(results.rows[0]!.n).toBe(acked.length);
    } finally {
      await client.end();
    }
    // Not asserted (timing): how the load ended.
    console.info(`shutdown under load: ${acked.length} acknowledged, ${refused} refused while closing`);
  }, 180_000);
});
