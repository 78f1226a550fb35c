import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const consoleDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `vite build` into console/dist, where the gateway serves it from. Vitest sets NODE_ENV to
 * 'test', which would make Vite bundle React's development build; the journeys must run
 * against what production serves.
 */
export async function buildConsole(): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: consoleDir, configFile: `${consoleDir}/vite.config.ts`, mode: 'production', logLevel: 'warn',
      // E2E_CONSOLE_DIR: build elsewhere (the backend is pointed at it), so that two suites on
      // one checkout do not overwrite each other's build.
      ...(process.env.E2E_CONSOLE_DIR ? { build: { outDir: process.env.E2E_CONSOLE_DIR, emptyOutDir: true } } : {}),
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
