import type { TestProject } from 'vitest/node';
import { buildConsole } from './support/build-console';
import { startBackend } from './support/backend';
import { assertChromium } from './support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Builds the console and starts the real backend (`npx tsx launcher/src/embedded.ts`), which
 * serves the build exactly as production does, with its CSP and security headers. Each run
 * gets an empty database: an embedded PostgreSQL in a temporary DATA_DIR, or a fresh
 * database on TEST_DATABASE_URL's server when that is set (`npm test` sets it). Without
 * Chromium it fails before all that, saying how to get one.
 */
export default async function setup(project: TestProject) {
  assertChromium();
  if (process.env.E2E_SKIP_BUILD !== '1') await buildConsole();
  const backend = await startBackend();
  project.provide('baseURL', backend.url);
  return () => backend.stop();
}
