import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { describeJobBehaviour } from './job-behaviour-suite';
import { createJobs } from './job-queue';
import { describeJobRecovery } from './job-recovery-suite';

// A fresh database for this file; BullMQ migrates its own schema into it on first use.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describeJobBehaviour('jobs on PostgreSQL', (logger) => createJobs({ databaseUrl: db.url, logger }));
describeJobRecovery('jobs on PostgreSQL, store unreachable at start', () => db.url,
  (databaseUrl, logger) => createJobs({ databaseUrl, logger }));
