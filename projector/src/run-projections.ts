import type { Pool } from '@leadfloor/infra/postgres/pool';
import { startProjectionRunner, type ProjectionRunner, type RunnerLogger } from '@leadfloor/infra/projections/runner';
import type { EventSource, Projection } from '@leadfloor/infra/projections/types';
import type { RecordedEvent } from '@leadfloor/events';
import { accountLeadWork } from './projections/account-lead-work';
import { academyEnrollments, academyJobs } from './projections/academy-jobs';
import { academyLearners } from './projections/academy-learners';
import { academyTrainings } from './projections/academy-trainings';
import { billing } from './projections/billing';
import { calls } from './projections/calls';
import { closerApplications } from './projections/closers-applications';
import { closerJobs } from './projections/closers-jobs';
import { applicationMessages, reviewerNotes } from './projections/closers-threads';
import { leadAnalytics } from './projections/lead-analytics';
import { crmConnections, leadSources, outboundWebhooks } from './projections/integrations';
import { leadPool } from './projections/lead-pool';
import { customFields } from './projections/custom-fields';
import { leadCustomFields } from './projections/lead-custom-fields';
import { importRuns } from './projections/import-runs';
import { funnelPages } from './projections/funnel-pages';
import { funnelLeads } from './projections/funnel-leads';
import { funnels } from './projections/funnels';
import { leadPoolHistory } from './projections/lead-pool-history';
import { leadAutoRelease } from './projections/lead-auto-release';
import { leadDistribution } from './projections/lead-distribution';
import { poolClaims } from './projections/pool-claims';
import { poolPolicy } from './projections/pool-policy';
import { notifications } from './notifications/notifications-projection';
import { teamActivity } from './projections/team-activity';
import { teamInvites } from './projections/team-invites';
import { teamMessages } from './projections/team-messages';
import { teamTasks } from './projections/team-tasks';
import { teams } from './projections/teams';
import { users } from './projections/users';
import { pointsLedger } from './projections/points-ledger';
import { sales } from './projections/sales';
import { callScripts, commissionPlans } from './projections/team-settings';
import { floorPolicy, userTwoFactor } from './projections/two-factor';

/** Every read model LeadFloor keeps, by name (the name `npm run replay -- <name>` takes). */
export const projections: Projection[] = [
  leadPool, users, teams, notifications as Projection,
  calls, sales, commissionPlans, callScripts, pointsLedger as Projection,
  teamInvites, teamActivity as Projection, teamMessages as Projection, teamTasks,
  accountLeadWork as Projection,
  userTwoFactor, floorPolicy,
  billing,
  poolPolicy, leadAutoRelease,
  leadDistribution, poolClaims,
  leadAnalytics as Projection,
  leadPoolHistory as Projection,
  leadSources, outboundWebhooks, crmConnections,
  academyTrainings, academyLearners, academyJobs, academyEnrollments,
  closerJobs, closerApplications, applicationMessages, reviewerNotes,
  customFields, leadCustomFields, importRuns,
  funnels, funnelPages as Projection, funnelLeads as Projection,
];

export const findProjection = (name: string) =>
  projections.find((p) => p.name === name || p.name.replace(/_v\d+$/, '') === name);

/**
 * Starts one runner per projection. `sourceFor` decides the transport: the Postgres tail in the
 * embedded form, a Kafka consumer group per projection in the distributed form.
 */
export function startProjections(opts: {
  pool: Pool; sourceFor(p: Projection): EventSource; logger?: RunnerLogger; onApplied?(name: string, events: RecordedEvent[]): void;
}) {
  const runners: ProjectionRunner[] = projections.map((projection) => startProjectionRunner({
    pool: opts.pool, projection, source: opts.sourceFor(projection), logger: opts.logger,
    onApplied: (events) => opts.onApplied?.(projection.name, events),
  }));
  return {
    runners,
    status: () => runners.map((r) => r.status()),
    /** Rejects as soon as any runner stops on an error. */
    failed: Promise.race(runners.map((r) => r.done.then(() => new Promise<never>(() => {})))),
    stop: () => Promise.all(runners.map((r) => r.stop())).then(() => undefined),
  };
}
