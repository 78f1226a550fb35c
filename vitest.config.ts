import { defineConfig } from 'vitest/config';

// Unit tests (pure deciders, schemas) run in parallel; integration tests (*.int.spec.ts) talk to
// real PostgreSQL, Redis and Kafka. Each integration file gets its own database cloned from a
// migrated template (test/global-setup.ts), so files never see each other's events.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['*/src/**/*.spec.ts'],
          exclude: ['**/*.int.spec.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['*/src/**/*.int.spec.ts', 'test/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
