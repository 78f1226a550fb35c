import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processesUsing } from './child-process';
import { waitFor } from './wait-for';

// `npm start` on an empty data folder, for real: embedded PostgreSQL, migrations, the HTTP
// server, Ctrl-C, and a second start on the same folder. The start script's command is run
// directly (not through npm, which turns any Ctrl-C into exit code 130 whatever the app did),
// in a process group of its own that gets SIGINT the way a terminal's Ctrl-C sends it.
const root = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;

type Run = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: string | null }> };

function startCommand(): [string, string[]] {
  const script: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const [bin, ...args] = script.split(/\s+/);
  const local = path.join(root, 'node_modules', '.bin', bin!);
  return [existsSync(local) ? local : bin!, args];
}

function start(env: NodeJS.ProcessEnv): Run {
  const [command, args] = startCommand();
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Ctrl-C: SIGINT to the whole process group, as a terminal sends it. */
const interrupt = (run: Run) => process.kill(-run.child.pid!, 'SIGINT');

/** The embedded server's address, from the launcher's own log line. */
const embeddedPort = (output: string) => {
  const line = output.split('\n').find((l) => l.includes('embedded PostgreSQL ready'));
  return line ? (JSON.parse(line) as { port: number; fresh: boolean }) : undefined;
};

let dataDir: string;
let port: number;
let env: NodeJS.ProcessEnv;
let current: Run | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadfloor-smoke-'));
  port = await freePort();
  env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: '0', LOG_LEVEL: 'info' };
  // The embedded form: nothing external configured.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'COMMAND_SERVICE_URL']) delete env[name];
});

afterAll(async () => {
  // Only after a failure: do not leave a server (or its postgres) behind.
  if (current && current.child.exitCode === null && current.child.signalCode === null) {
    try { process.kill(-current.child.pid!, 'SIGKILL'); } catch { /* gone */ }
  }
  for (const pid of processesUsing(dataDir ?? '\0')) {
    try { process.kill(Number(pid), 'SIGQUIT'); } catch { /* gone */ }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startAndWaitReady() {
  current = start(env);
  const run = current;
  const early = run.exited.then(({ code }) => { throw new Error(`exited early (code ${code}):\n${run.output()}`); });
  await Promise.race([
    early,
    waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      return res.status === 200 && ((await res.json()) as { status: string }).status === 'ok';
    }, { timeoutMs: START_TIMEOUT_MS, intervalMs: 200, what: '/readyz to answer ok' }),
  ]);
  early.catch(() => {});
  return run;
}

async function stopCleanly(run: Run) {
  interrupt(run);
  const { code, signal } = await run.exited;
  expect({ code, signal }, run.output()).toEqual({ code: 0, signal: null });
  expect(run.output()).toContain('stopped cleanly');
  expect(processesUsing(dataDir)).toEqual([]);
  expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
}

async function embeddedClient(output: string) {
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port: embeddedPort(output)!.port, user: 'leadfloor', password, database: 'leadfloor' });
  await client.connect();
  return client;
}

describe('npm start', () => {
  it('starts on an empty data folder, serves, and stops cleanly on Ctrl-C', async () => {
    const run = await startAndWaitReady();
    expect(embeddedPort(run.output())).toMatchObject({ fresh: true });

    // The two README commands give the whole console: a clone without a build gets one first.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(await home.text()).toContain('<div id="root">');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const missing = await fetch(`http://127.0.0.1:${port}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });

    // Something to find again after the restart.
    const client = await embeddedClient(run.output());
    try {
      await client.query('create table smoke_marker (note text)');
      await client.query(`insert into smoke_marker values ('written by the first start')`);
    } finally {
      await client.end();
    }
    await stopCleanly(run);
  }, START_TIMEOUT_MS * 2);

  it('starts again on the same data folder and finds its data', async () => {
    const run = await startAndWaitReady();
    expect(embeddedPort(run.output())).toMatchObject({ fresh: false });

    const client = await embeddedClient(run.output());
    try {
      const marker = await client.query('select note from smoke_marker');
      expect(marker.rows).toEqual([{ note: 'written by the first start' }]);
      const migrations = await client.query('select name, count(*)::int as n from knex_migrations group by name');
      expect(migrations.rows.length).toBeGreaterThan(0);
      expect(migrations.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
    await stopCleanly(run);
  }, START_TIMEOUT_MS * 2);
});
