import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { HandleCommand } from '../shared/handle-command';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import { crmSyncReactor, workCrmSync } from './crm-reactor';
import { startLeadInbox } from './inbound-lead-jobs';
import type { IntegrationSettings } from './integration-settings';
import { webhookReactor, workWebhookDeliveries } from './webhook-reactor';

/**
 * The integrations' background part: the inbox's dispatcher and worker (received leads become
 * leads), and the two reactors with their workers (lead events to outbound webhooks, lead
 * changes to connected CRMs). The caller runs the reactors beside the other process managers.
 */
export function startIntegrations(deps: {
  pool: Pool; store: EventStore; handle: HandleCommand; jobs: Jobs; settings: IntegrationSettings; now: () => Date; logger?: ReactorLogger;
}): { reactors: Reactor[]; stop(): Promise<void> } {
  const { pool, store, handle, jobs, settings, now, logger } = deps;
  const inbox = startLeadInbox(jobs, { pool, store, handle, now, logger });
  workWebhookDeliveries({ pool, jobs, settings, now });
  workCrmSync(jobs, { pool, store, handle, settings, now });
  return {
    reactors: [webhookReactor({ pool, jobs, settings, now }), crmSyncReactor({ pool, jobs })],
    stop: () => inbox.stop(),
  };
}
