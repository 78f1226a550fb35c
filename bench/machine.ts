import { execFileSync } from 'node:child_process';
import os from 'node:os';

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/** What the figures were measured on: they mean little without it. */
export function describeMachine(postgresVersion: string) {
  const cpus = os.cpus();
  const changed = git('status', '--porcelain', '--untracked-files=no');
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: postgresVersion,
    commit: git('rev-parse', '--short=12', 'HEAD'),
    /** Tracked files changed since that commit when the bench ran. */
    uncommittedChanges: changed === null ? null : changed.split('\n').filter(Boolean).length,
  };
}

export type Machine = ReturnType<typeof describeMachine>;
