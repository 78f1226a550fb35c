import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { BenchDatabases } from './bench-database';
import { sleep } from './stats';

export type BenchServer = {
  url: string; databaseUrl: string;
  /** The server's process group (tsx and the node process it starts): whose CPU to watch. */
  pid: number;
  /** Bearer token of the server's GET /metrics (its event-loop delay, among others). */
  metricsToken: string;
  stop(): Promise<void>;
};

export const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const address = s.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    s.close(() => resolve(port));
  });
});

/**
 * Limits the bench lifts, for bench runs only: 200 agents sign up from one address, on purpose.
 * (The per-agent claim limit has no setting; claims it refuses are counted as 429s.)
 */
// The scenarios that need a console build bring their own (CONSOLE_DIR); the rest never build one.
export const BENCH_SERVER_ENV = { REGISTRATIONS_PER_ADDRESS: '100000', LOGIN_ATTEMPTS_PER_ADDRESS: '100000', CLAIMS_PER_AGENT_PER_10S: '100000', FUNNEL_SUBMITS_PER_ADDRESS: '10000000', FUNNEL_SUBMITS_PER_FORM: '10000000', CONSOLE_BUILD: 'off' };

/**
 * LeadFloor's embedded form (launcher/src/embedded.ts) as a child process on a fresh database
 * (`lf_bench_<pid>_<part>`, default part `http`), bound to a free loopback port; resolves once
 * /readyz answers 200. `env` adds to or overrides its environment (the console scenario serves a
 * console build of its own, on the demo floor).
 */
export async function startBenchServer(o: {
  root: string; databases: BenchDatabases; log(m: string): void; signal: AbortSignal; part?: string; env?: Record<string, string>;
}): Promise<BenchServer> {
  const databaseUrl = await o.databases.create(o.part ?? 'http');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const metricsToken = randomBytes(16).toString('hex');
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it
  // in Chrome DevTools' Performance panel) to see where a scenario's server time goes.
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'launcher/src/embedded.ts'], {
    cwd: o.root,
    env: { ...process.env, ...BENCH_SERVER_ENV, DEMO: 'false', LOG_LEVEL: 'warn', ...o.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', METRICS_TOKEN: metricsToken },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));

  const stop = async () => {
    if (exited !== null || child.pid === undefined) return;
    // the whole process group, whatever the server started
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 100 && exited === null; i++) await sleep(100);
    if (exited === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch { /* already gone */ }
    }
  };

  // Seeding the demo floor (DEMO=true) happens before the server listens: give it longer.
  const readyWithinS = o.env?.DEMO === 'true' ? 300 : 90;
  for (const deadline = Date.now() + readyWithinS * 1000; ; await sleep(250)) {
    if (exited !== null) throw new Error(`the server exited (${exited}) during start-up:\n${output}`);
    if (o.signal.aborted || Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${readyWithinS} s:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) break;
  }
  o.log(`server ready at ${url} (pid ${child.pid})`);
  return { url, databaseUrl, pid: child.pid!, metricsToken, stop };
}
