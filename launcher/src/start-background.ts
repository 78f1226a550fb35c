import { startProcessManagers } from '@leadfloor/command-service/reactors/process-managers';
import type { IntegrationSettings } from '@leadfloor/command-service/integrations/integration-settings';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import type { ReadinessChecks } from '@leadfloor/infra/http/health-routes';
import { createJobs, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Logger } from '@leadfloor/infra/logger';
import { watchJobs, watchProjections } from '@leadfloor/infra/metrics/watch-background';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { createPostgresTailSource } from '@leadfloor/infra/projections/postgres-tail-source';
import { createLiveFeed, type LivePublish } from '@leadfloor/projector/notifications/live-feed';
import { startProjections } from '@leadfloor/projector/run-projections';

export type Background = {
  jobs: Jobs;
  /** A stopped projection freezes its read model: readiness says so. */
  checks: ReadinessChecks;
  stop(): Promise<void>;
};

/**
 * What runs beside the HTTP server in the embedded form, in the same process: every projection
 * tailing the Postgres events table (woken by NOTIFY), and the job queues on BullMQ's
 * PostgreSQL backend, and command-service's process managers (points, call and sale follow-ups)
 * with the call-analysis workers they feed.
 */
export async function startBackground({ pool, databaseUrl, logger, shutdownTimeoutMs, publish, integrations }: {
  pool: Pool; databaseUrl: string; logger: Logger; shutdownTimeoutMs: number;
  /** Live messages to sockets (the gateway's hub in-process); none in tests that need no sockets. */
  publish?: LivePublish;
  /** Inbound leads, outbound webhooks and CRM sync (the same settings, and so keys, as the command routes'). */
  integrations?: IntegrationSettings;
}): Promise<Background> {
  const liveFeed = publish ? createLiveFeed({ pool, publish }) : undefined;
  const store = createPostgresEventStore(pool);
  const notifier = createLogNotifier(databaseUrl);
  const projections = startProjections({
    pool,
    logger: logger.child({ part: 'projector' }),
    sourceFor: (projection) => createPostgresTailSource({ pool, store, notifier, name: projection.name }),
    onApplied: (name, events) => {
      liveFeed?.(name, events).catch((err) => logger.warn({ err, projection: name }, 'live update not sent'));
    },
  });
  let projectionFailure: Error | undefined;
  projections.failed.catch((err: Error) => {
    projectionFailure = err;
    logger.error({ err }, 'a projection stopped; its read model no longer follows the log');
  });

  const jobs = createJobs({ databaseUrl, logger: logger.child({ part: 'jobs' }) });
  const processManagers = startProcessManagers({ pool, store, notifier, jobs, logger: logger.child({ part: 'process-managers' }), integrations });
  const unwatch = [watchProjections({ pool, status: projections.status, source: { kind: 'tail' } }), watchJobs(jobs)];
  let processManagerFailure: Error | undefined;
  processManagers.failed.catch((err: Error) => {
    processManagerFailure = err;
    logger.error({ err }, 'a process manager stopped; points and follow-ups no longer follow the log');
  });

  return {
    jobs,
    checks: {
      projections: async () => {
        if (projectionFailure) throw projectionFailure;
      },
      processManagers: async () => {
        if (processManagerFailure) throw processManagerFailure;
      },
    },
    async stop() {
      unwatch.forEach((u) => u());
      await projections.stop();
      await processManagers.stop();
      await jobs.close({ timeoutMs: shutdownTimeoutMs / 2 });
      await notifier.close();
    },
  };
}
