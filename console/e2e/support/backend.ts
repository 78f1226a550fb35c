import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from './fresh-database';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The backend exited with code ${child.exitCode} during start-up:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250)); // start-up polling, not a test wait
  }
  if (Date.now() >= deadline) throw new Error(`The backend was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
  const page = await (await fetch(url)).text();
  if (!page.includes('id="root"')) throw new Error(`The gateway at ${url} does not serve the console build (console/dist).`);
}

/**
 * Starts LeadFloor's embedded form on a free port with an empty database and the demo floor
 * (`env` overrides its environment, e.g. `DEMO: 'false'` for a floor that is not the demo).
 */
export async function startBackend({ env: overrides = {} }: { env?: NodeJS.ProcessEnv } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'leadfloor-e2e-'));
  const database = process.env.TEST_DATABASE_URL ? await freshDatabase(process.env.TEST_DATABASE_URL) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0',
    DEMO: 'true',
    // every browser of the suite signs in from 127.0.0.1
    LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    REGISTRATIONS_PER_ADDRESS: '100000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...(process.env.E2E_CONSOLE_DIR ? { CONSOLE_DIR: process.env.E2E_CONSOLE_DIR } : {}),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...overrides,
  };
  delete env.NODE_ENV; // vitest sets 'test'; the backend should run as a developer's `npm start` does
  // `npm start`'s command, run directly (not through npx) so the one process signalled below is
  // the server itself, which then stops its embedded PostgreSQL in order.
  const child = spawn(process.execPath, ['--import', 'tsx', 'launcher/src/embedded.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      // One SIGTERM: the server's graceful shutdown closes HTTP, then stops PostgreSQL. (A second
      // signal would make it exit at once, leaving the database running.)
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    // Warnings and errors only (LOG_LEVEL warn): when a journey failed, they often say why.
    if (log.trim()) console.error(`\n--- the e2e backend's log (last ${log.length} characters):\n${log}\n---`);
  };

  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
