import type { EventStore } from '@leadfloor/infra/event-store/types';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import { z } from 'zod';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { Reactor } from '../reactors/reactor-runner';
import { loadState } from '../shared/load-state';
import { crmConnectionAggregate, crmConnectionStream } from './crm-connection';
import { contactOf, crmPortFor } from './crm-provider';
import { CrmNeedsReconnect, pushLeads, type CrmSyncDeps } from './crm-sync';

/** One lead to push to one connection. */
export const CrmSyncJob = defineJobQueue({
  name: 'crm-sync', payload: z.strictObject({ integrationId: z.number().int().positive(), leadId: z.number().int().positive() }),
  retry: { attempts: 6, backoff: { type: 'exponential', delayMs: 5_000 } },
});

/** The lead events that change what a contact holds. */
const CONTACT_EVENTS = ['LeadCreated', 'LeadDetailsEdited'] as const;

/**
 * Reads the log like the other process managers: a lead made or edited is pushed to every
 * connected CRM, by a job per connection and lead version (a re-read event enqueues nothing new).
 */
export function crmSyncReactor({ pool, jobs }: { pool: CrmSyncDeps['pool']; jobs: Jobs }): Reactor {
  return {
    name: 'crm_sync_reactor_v1',
    handles: CONTACT_EVENTS,
    async react(e) {
      const { rows } = await pool.query<{ id: number }>(
        `select id from crm_connections_v1 where status = 'connected' and connected_at <= $1`, [e.occurredAt]);
      const leadId = Number(e.streamId.slice('lead-'.length));
      for (const { id } of rows) {
        await jobs.queue(CrmSyncJob).enqueue({ integrationId: id, leadId }, { jobId: `crm-sync-${id}-${leadId}-${e.streamVersion}` });
      }
    },
  };
}

/** Pushes the lead as it is when the job runs (a later edit is then included, and its own job is a harmless repeat). */
export function workCrmSync(jobs: Jobs, deps: CrmSyncDeps & { store: EventStore }): void {
  jobs.work(CrmSyncJob, async ({ integrationId, leadId }) => {
    const { state: connection } = await loadState(deps.store, crmConnectionAggregate, crmConnectionStream(integrationId));
    if (!connection.exists || connection.status !== 'connected') return;
    const port = crmPortFor(deps.settings, connection.provider);
    const { state: lead } = await loadState(deps.store, leadAggregate, leadStream(leadId));
    if (!port || !lead.exists) return;
    try {
      await pushLeads(deps, port, integrationId, [contactOf(lead)], 'lead_change');
    } catch (err) {
      // The connection is now in error and says so; retrying cannot help until it is reconnected.
      if (!(err instanceof CrmNeedsReconnect)) throw err;
    }
  }, { concurrency: 2 });
}
