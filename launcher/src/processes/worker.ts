// A job worker, for the distributed form: BullMQ on Redis (`tsx launcher/src/processes/worker.ts`),
// and command-service's process managers, which tail the Postgres log and act through commands.
import { startProcessManagers } from '@leadfloor/command-service/reactors/process-managers';
import { requireConfig } from '@leadfloor/infra/config';
import { integrationSettingsFrom } from '@leadfloor/command-service/integrations/integration-settings';
import { loadTwoFactorKey } from '@leadfloor/infra/auth/two-factor-key';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createJobs } from '@leadfloor/infra/jobs/job-queue';
import { watchJobs } from '@leadfloor/infra/metrics/watch-background';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { runProcess } from './run-process';

await runProcess('worker', async ({ config, logger }) => {
  const { DATABASE_URL, REDIS_URL } = requireConfig(config, ['DATABASE_URL', 'REDIS_URL']);
  const jobs = createJobs({ redisUrl: REDIS_URL, databaseUrl: DATABASE_URL, logger });
  const pool = createPool(DATABASE_URL, { applicationName: 'worker' });
  const notifier = createLogNotifier(DATABASE_URL);
  // Job handlers (call analysis now; follow-up reminders, CSV imports, stale-claim release as
  // command-service provides them) are registered by the parts that own them.
  const processManagers = startProcessManagers({
    pool, store: createPostgresEventStore(pool), notifier, jobs, logger, integrations: integrationSettingsFrom(config, loadTwoFactorKey(config)),
  });
  const unwatch = watchJobs(jobs);
  return {
    failed: processManagers.failed,
    close: async () => {
      unwatch();
      await processManagers.stop();
      await jobs.close({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS / 2 });
      await notifier.close();
      await pool.end();
    },
  };
});
