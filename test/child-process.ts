import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { waitFor } from './wait-for';

// What tests that run LeadFloor's parts as real processes share: a free port, a child whose
// output is kept (the tail, for a failure message) and whose exit is known, and a readiness
// wait that fails at once, with that output, when the child dies instead of getting ready.

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on right now (the OS's pick), on loopback. */
export const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Child = {
  name: string;
  process: ChildProcess;
  /** The last ~256 KiB of stdout and stderr together. */
  output(): string;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<Exit>;
  running(): boolean;
  /** Sends `signal` (default SIGKILL) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
};

const KEEP_OUTPUT = 256 * 1024;

/** Spawns `command`, keeping its output; `onOutput` sees every chunk as it comes. */
export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions & { onOutput?(chunk: string): void } = {}): Child {
  const { onOutput, ...spawnOptions } = options;
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-KEEP_OUTPUT);
    onOutput?.(text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (running()) child.kill(signal);
    return exited;
  };
  return {
    name,
    process: child,
    output: () => output,
    exited,
    running,
    kill,
    async stop(graceMs = 15_000) {
      if (!running()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}

/**
 * Waits for `check` (an HTTP probe, a log line) to hold. Fails with the child's output when the
 * child exits first, or when the bound passes.
 */
export async function waitUntilReady(child: Child, check: () => Promise<boolean> | boolean, { timeoutMs = 90_000, what = `${child.name} to be ready` } = {}) {
  let died = false;
  void child.exited.then(() => (died = true));
  try {
    // A death ends the wait at once (and is reported below), not at the bound.
    await waitFor(async () => died || await check(), { timeoutMs, intervalMs: 100, what });
  } catch (err) {
    const exit = child.running() ? 'still running' : `exited ${JSON.stringify(await child.exited)}`;
    throw new Error(`${String((err as Error).message)} (${child.name} ${exit}); its output ends:\n${child.output().slice(-4_000)}`);
  }
  if (died) throw new Error(`${child.name} exited ${JSON.stringify(await child.exited)} while waiting for ${what}; its output ends:\n${child.output().slice(-4_000)}`);
}

/** True when an HTTP GET of `url` answers `status` (default 200); false when nothing answers. */
export async function answers(url: string, status = 200): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return res.status === status;
  } catch {
    return false;
  }
}

/** Processes whose command line names `text` (an embedded PostgreSQL's data folder: the server and its workers). */
export const processesUsing = (text: string) => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
  try {
    return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(text);
  } catch {
    return false;
  }
});

/** Running, and not a zombie waiting to be reaped (a process whose parent is gone may linger as one). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The pids whose parent is `pid` (a PostgreSQL server's backends and workers). */
export const childPids = (pid: number) => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number).filter((p) => {
  try {
    // The fields after the command name (which may hold spaces) start with state, then the parent pid.
    return Number(readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === pid;
  } catch {
    return false;
  }
});
