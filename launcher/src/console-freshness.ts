import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a console build is made of, relative to the repository root: its own sources and
 * config, and the two workspaces it imports (contracts and events).
 */
export const CONSOLE_INPUTS = [
  'console/src', 'console/public', 'console/index.html', 'console/vite.config.ts', 'console/vite-plugins',
  'console/package.json', 'contracts/src', 'events/src',
];

/**
 * The newest modification time (ms) under a file or folder, the folders' own included (a
 * deleted source changes its folder's); 0 when it does not exist.
 */
export function newestMtime(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stats.mtimeMs);
}

export type BuildFreshness = { fresh: true } | { fresh: false; reason: 'missing' | 'stale' };

/**
 * Whether `distDir` holds a build at least as new as every input: a fresh clone has none
 * (missing); a pull or an edit after the last build makes an input newer (stale).
 */
export function consoleBuildFreshness(repoRoot: string, distDir: string): BuildFreshness {
  const built = newestMtime(path.join(distDir, 'index.html'));
  if (built === 0) return { fresh: false, reason: 'missing' };
  const newestInput = Math.max(...CONSOLE_INPUTS.map((input) => newestMtime(path.join(repoRoot, input))));
  return newestInput > built ? { fresh: false, reason: 'stale' } : { fresh: true };
}
