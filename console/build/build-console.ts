import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The console workspace's root (where vite.config.ts lives). */
export const consoleRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where a plain build lands, and where the gateway serves it from by default. */
export const defaultConsoleDist = path.join(consoleRoot, 'dist');

/**
 * A production `vite build` of the console, in-process. Vite bundles React's development build
 * unless NODE_ENV says production (Vitest sets 'test', a developer's shell may set anything), so
 * it is production for the build and given back afterwards. `outDir` builds elsewhere than
 * console/dist (the bench and parallel e2e suites), emptied first.
 */
export async function buildConsole({ outDir }: { outDir?: string } = {}): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: consoleRoot, configFile: path.join(consoleRoot, 'vite.config.ts'), mode: 'production', logLevel: 'warn',
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
