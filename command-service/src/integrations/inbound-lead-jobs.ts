import { InboundLeadBodySchema } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { z } from 'zod';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { funnelAttribution } from '../leads/new-lead-commands';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { checkInboundFields } from './inbound-lead-fields';
import { leadSourceAggregate, leadSourceStream } from './lead-source';

const ATTEMPTS = 5;
/** One received lead to turn into a lead of the pool. */
export const LeadInboxJob = defineJobQueue({
  name: 'lead-inbox', payload: z.strictObject({ inboxId: z.number().int().positive() }),
  retry: { attempts: ATTEMPTS, backoff: { type: 'exponential', delayMs: 1_000 } },
});

type InboxRow = { id: string; source_id: number; payload: unknown; state: string; lead_id: number | null };
export type InboxDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

/**
 * Makes the lead of one inbox row through the normal CreateLead command, so it enters the pool
 * like any other (pool rules, notifications, webhooks). Re-checks the row when it runs; the lead's
 * id is fixed on the row before the command and the command id names the row, so a duplicated or
 * retried job makes one lead. The source's maker is the lead's creator.
 */
export async function createInboxLead({ pool, store, handle, now }: InboxDeps, inboxId: number, attempt: number): Promise<void> {
  const { rows } = await pool.query<InboxRow>('select id::text, source_id, payload, state, lead_id from lead_inbox where id = $1', [inboxId]);
  const row = rows[0];
  if (!row || row.state !== 'received') return;
  const fail = (error: string) => pool.query(
    `update lead_inbox set state = 'failed', error = $2, attempts = attempts + 1, processed_at = $3 where id = $1 and state = 'received'`,
    [inboxId, error.slice(0, 500), now()]);
  const { state: source } = await loadState(store, leadSourceAggregate, leadSourceStream(row.source_id));
  const lead = InboundLeadBodySchema.safeParse(row.payload);
  if (!source.exists || !lead.success) {
    await fail(source.exists ? 'The stored lead no longer matches the lead fields.' : 'The lead source no longer exists.');
    return;
  }
  try {
    const leadId = row.lead_id ?? (await pool.query<{ lead_id: number }>(
      'update lead_inbox set lead_id = coalesce(lead_id, $2) where id = $1 returning lead_id', [inboxId, await store.nextId('lead')])).rows[0]!.lead_id;
    const { externalId: _e, customFields = {}, funnelSource, funnelCampaignId, utm_source, utm_campaign, ...rest } = lead.data;
    const fields = { ...rest, ...funnelAttribution(funnelSource ?? utm_source, funnelCampaignId ?? utm_campaign) };
    // Checked again against the fields as they are now (a manager may have changed them since).
    const custom = await checkInboundFields(store, fields.leadType, customFields);
    if (!custom.ok) {
      await fail(custom.message);
      return;
    }
    const meta = { now: now().toISOString(), actor: { id: source.createdBy, role: 'system', teamId: null } };
    try {
      await handle(leadAggregate, leadStream(leadId), [
        { type: 'CreateLead', data: { leadId, ...fields }, meta },
        ...(Object.keys(custom.values).length > 0
          ? [{ type: 'SetLeadCustomFields' as const, data: { leadId, values: custom.values, complete: true }, meta: { ...meta, fields: custom.fields } }] : []),
      ], { actorId: source.createdBy, correlationId: `lead-inbox-${inboxId}`, commandId: `lead-inbox:${inboxId}` });
    } catch (err) {
      // Made by an earlier run of this job that did not get to mark the row.
      if (!(isDomainError(err) && err.code === 'lead.already_exists')) throw err;
    }
    await pool.query(
      `update lead_inbox set state = 'created', error = null, attempts = attempts + 1, processed_at = $2 where id = $1`, [inboxId, now()]);
  } catch (err) {
    if (attempt >= ATTEMPTS) await fail(isDomainError(err) ? err.message : 'The lead could not be created.');
    else await pool.query('update lead_inbox set attempts = attempts + 1, error = $2 where id = $1', [inboxId, String((err as Error).message).slice(0, 500)]);
    throw err;
  }
}

const POLL_MS = 300;

/**
 * The inbox's worker and its dispatcher: the route only writes the row (and answers at once),
 * this loop finds rows still `received` and enqueues one job each, deduplicated by the row's id.
 * It also serves as the reconciler on start: rows received while nothing ran are picked up.
 */
export function startLeadInbox(jobs: Jobs, deps: InboxDeps & { logger?: { error(o: object, m?: string): void } }) {
  jobs.work(LeadInboxJob, async ({ inboxId }, { attempt }) => createInboxLead(deps, inboxId, attempt), { concurrency: 2 });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: () => void = () => {};
  const loop = async () => {
    while (!stopped) {
      try {
        const { rows } = await deps.pool.query<{ id: string }>(
          `select id::text from lead_inbox where state = 'received' order by id limit 200`);
        for (const { id } of rows) await jobs.queue(LeadInboxJob).enqueue({ inboxId: Number(id) }, { jobId: `lead-inbox-${id}` });
      } catch (err) {
        if (!stopped) deps.logger?.error({ err }, 'lead inbox dispatch failed; retrying');
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, POLL_MS);
      });
    }
  };
  const done = loop();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wake();
      await done;
    },
  };
}
