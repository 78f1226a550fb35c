import type { LogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { certificationBadgeReactor } from '../academy/certification-badge';
import { workCallAnalysis } from '../calls/analysis-jobs';
import { callReactor } from '../calls/call-reactor';
import { pointsReactor } from '../gamification/points-reactor';
import { autoReleaseReactor, startAutoRelease } from '../leads/auto-release';
import { offerReactor, startOfferTimers } from '../pool-distribution/offer-timers';
import { importReactor, workImports } from '../imports/import-job';
import { createPoolPolicyReader } from '../pool-policy/policy-reader';
import { createStandingStore } from '../gamification/standing-store';
import { saleReactor } from '../sales/sale-reactor';
import { createCommandHandler } from '../shared/handle-command';
import { teamTaskReactor, workTeamTaskOverdue } from '../team-tasks/task-overdue';
import { startReactor, type ReactorLogger } from './reactor-runner';
import type { IntegrationSettings } from '../integrations/integration-settings';
import { startIntegrations } from '../integrations/process-integrations';
import { startSubmissionSweep } from '../funnels/submission-lead';

/**
 * command-service's background part: the process managers (points, what follows a call or a
 * sale, the pool's auto-release) reading the log, and the job workers they feed (call analysis,
 * auto-release timers). The embedded launcher
 * runs it beside the projections; the distributed form runs it in the worker process.
 */
export function startProcessManagers(deps: {
  pool: Pool; store: EventStore; notifier: LogNotifier; jobs: Jobs; logger?: ReactorLogger; now?: () => Date;
  /** Inbound leads, outbound webhooks and CRM sync run when given (they need the secret boxes). */
  integrations?: IntegrationSettings;
}) {
  const { pool, store, notifier, jobs, logger, now = () => new Date() } = deps;
  const handle = createCommandHandler(store);
  workCallAnalysis(jobs, { pool, store, handle, now });
  // Team tasks' overdue timers: set from the log, worked here, and reconciled with the read model on start.
  void workTeamTaskOverdue(jobs, { pool, store, handle, now, logger });
  // The floor's auto-release: timers set per holding, the worker that fires them, the reconciler.
  const autoRelease = { pool, store, handle, jobs, policies: createPoolPolicyReader(store), now, logger };
  const reconciler = startAutoRelease(autoRelease);
  // Round-robin and weighted offers, and the drip: offers made from the log, their timers and reconciler.
  const offerTimers = startOfferTimers(autoRelease);
  // Funnel form submissions left without their lead (a crash between the row and the lead).
  const submissions = startSubmissionSweep({ pool, store, handle, now, logger });
  // Inbound leads from the inbox, outbound webhook deliveries, CRM sync.
  const integrations = deps.integrations ? startIntegrations({ pool, store, handle, jobs, settings: deps.integrations, now, logger }) : null;
  // Lead imports: a started import's run, and the runs to resume after a restart.
  void workImports(jobs, { pool, store, handle, now, logger, policies: createPoolPolicyReader(store) });
  const reactors = [
    importReactor({ jobs }),
    ...(integrations?.reactors ?? []),
    pointsReactor({ store, standings: createStandingStore(store) }),
    callReactor({ handle, jobs, logger }),
    saleReactor({ handle, logger }),
    teamTaskReactor({ jobs }),
    autoReleaseReactor(autoRelease),
    offerReactor(autoRelease),
    certificationBadgeReactor({ handle }),
  ].map((reactor) => startReactor({ pool, store, notifier, reactor, logger }));
  return {
    /** Rejects as soon as any process manager stops on an error. */
    failed: Promise.race(reactors.map((r) => r.done.then(() => new Promise<never>(() => {})))),
    stop: () => Promise.all([...reactors.map((r) => r.stop()), integrations?.stop(), reconciler.stop(), offerTimers.stop(), submissions.stop()]).then(() => undefined),
  };
}
