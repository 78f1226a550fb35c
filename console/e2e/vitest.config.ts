import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real backend (see global-setup.ts). Screenshots for the docs
// are a separate run (`npm run screenshots`), not part of the test suite.
const screenshots = Boolean(process.env.SCREENSHOTS);

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'console-e2e',
    include: screenshots ? ['e2e/*screenshots.e2e.ts'] : ['e2e/**/*.e2e.ts'],
    exclude: screenshots ? [] : ['e2e/*screenshots.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/support/failure-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One backend serves every file; two browsers at a time keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});
