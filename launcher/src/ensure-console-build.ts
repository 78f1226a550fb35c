import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from '@leadfloor/console/build/build-console';
import type { Logger } from '@leadfloor/infra/logger';
import { consoleBuildFreshness } from './console-freshness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm start` on a fresh clone, or after a pull, serves the console of this checkout: when
 * `distDir` has no build, or one older than the console's sources, the console is built there
 * first (a few seconds). A failed build is logged, and the API is served all the same.
 */
export async function ensureConsoleBuild(distDir: string, logger: Logger): Promise<void> {
  const freshness = consoleBuildFreshness(repoRoot, distDir);
  if (freshness.fresh) return;
  logger.info(freshness.reason === 'missing'
    ? 'building the web console (first run; a few seconds)'
    : 'the console\'s sources changed since its last build; rebuilding it (a few seconds)');
  const started = performance.now();
  try {
    await buildConsole({ outDir: distDir });
    logger.info({ ms: Math.round(performance.now() - started) }, 'web console built');
  } catch (err) {
    logger.error({ err }, 'the web console failed to build; the API is served, and / says the console is not built');
  }
}
