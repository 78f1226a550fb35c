import { WebhookEventTypeSchema, type RecordedEvent } from '@leadfloor/events';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { z } from 'zod';
import type { Reactor } from '../reactors/reactor-runner';
import type { IntegrationSettings } from './integration-settings';
import { attemptDelivery, DELIVERY_COLUMNS, type DeliveryRow } from './webhook-deliveries';
import { webhookSecretAad } from './webhook-routes';

export type WebhookDeliveryDeps = { pool: Pool; jobs: Jobs; settings: IntegrationSettings; now: () => Date };

/** One delivery of one event to one webhook; retried with exponential backoff (settings.webhookRetry). */
export const webhookDeliveryQueue = (retry: IntegrationSettings['webhookRetry']) => defineJobQueue({
  name: 'webhook-delivery', payload: z.strictObject({ deliveryId: z.number().int().positive() }),
  retry: { attempts: retry.attempts, backoff: { type: 'exponential', delayMs: retry.delayMs } },
});

/** What a receiver gets: the event's id (stable across retries: dedupe on it), type, time and data. */
export const deliveryPayload = (e: RecordedEvent) => ({
  id: e.eventId, event: e.type, occurredAt: e.occurredAt, leadId: Number(e.streamId.slice('lead-'.length)), data: e.data,
});

/**
 * Reads the log like the other process managers: each lead event a webhook subscribes to becomes
 * a delivery row (unique per webhook and event, so a re-read event adds none) and a job
 * (deduplicated by the row's id). Only webhooks subscribed before the event get it.
 */
export function webhookReactor({ pool, jobs, settings }: WebhookDeliveryDeps): Reactor {
  const queue = jobs.queue(webhookDeliveryQueue(settings.webhookRetry));
  return {
    name: 'outbound_webhooks_reactor_v1',
    handles: WebhookEventTypeSchema.options,
    async react(e) {
      const { rows } = await pool.query<{ id: string; status: string }>(
        `insert into webhook_deliveries (webhook_id, event_id, event_type, payload, created_at)
         select w.id, $1, $2, $3, now() from outbound_webhooks_v1 w
         where w.active and $2 = any(w.event_types) and w.created_at <= $4
         on conflict (webhook_id, event_id) do update set event_type = excluded.event_type
         returning id::text, status`,
        [e.eventId, e.type, JSON.stringify(deliveryPayload(e)), e.occurredAt]);
      for (const r of rows) {
        if (r.status === 'pending' || r.status === 'retrying') await queue.enqueue({ deliveryId: Number(r.id) }, { jobId: `webhook-delivery-${r.id}` });
      }
    },
  };
}

/**
 * The delivery worker: one attempt per run. A failed attempt is recorded with the time of the
 * next one and thrown, so the jobs interface retries it after its backoff; the last failure is
 * final. A webhook unsubscribed meanwhile gets no more attempts.
 */
export function workWebhookDeliveries(deps: WebhookDeliveryDeps): void {
  const { pool, jobs, settings } = deps;
  const { attempts, delayMs } = settings.webhookRetry;
  jobs.work(webhookDeliveryQueue(settings.webhookRetry), async ({ deliveryId }, { attempt }) => {
    const { rows } = await pool.query<DeliveryRow & { url: string | null; active: boolean | null; secret: string | null }>(
      `select d.*, w.url, w.active, s.secret from (select ${DELIVERY_COLUMNS} from webhook_deliveries where id = $1) d
       left join outbound_webhooks_v1 w on w.id = d.webhook_id left join webhook_secrets s on s.webhook_id = d.webhook_id`, [deliveryId]);
    const row = rows[0];
    if (!row || row.status === 'delivered' || row.status === 'failed') return;
    if (!row.active || !row.url || !row.secret) {
      await pool.query(`update webhook_deliveries set status = 'failed', last_error = 'The webhook was unsubscribed.', next_retry_at = null where id = $1`, [deliveryId]);
      return;
    }
    // BullMQ's exponential backoff waits delayMs × 2^(attempt-1) before the next attempt.
    const retryInMs = attempt < attempts ? delayMs * 2 ** (attempt - 1) : null;
    const done = await attemptDelivery(deps, row, row.url, settings.boxes.webhooks.open(row.secret, webhookSecretAad(row.webhook_id)), retryInMs);
    if (done.status === 'retrying') throw new Error(`webhook delivery ${deliveryId}: ${done.last_error ?? 'failed'}`);
  }, { concurrency: 4 });
}
