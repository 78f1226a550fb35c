import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { IntegrationSettings } from './integration-settings';
import { sendSigned } from './webhook-sender';

export type DeliveryRow = {
  id: string; webhook_id: number; event_type: string; payload: unknown; status: string; attempts: number;
  last_status_code: number | null; last_error: string | null; next_retry_at: Date | null; created_at: Date; delivered_at: Date | null;
};
export const DELIVERY_COLUMNS = 'id::text, webhook_id, event_type, payload, status, attempts, last_status_code, last_error, next_retry_at, created_at, delivered_at';

export const deliveryDto = (r: DeliveryRow) => ({
  id: r.id, eventType: r.event_type, status: r.status as 'pending' | 'delivered' | 'retrying' | 'failed', attempts: r.attempts,
  lastStatusCode: r.last_status_code, lastError: r.last_error, nextRetryAt: r.next_retry_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(), deliveredAt: r.delivered_at?.toISOString() ?? null,
});

/**
 * Makes one attempt of a delivery and records it: delivered, or (with `retryInMs`) retrying at
 * that time, or failed for good. The body is the stored payload, byte for byte on every attempt,
 * with a fresh signature timestamp.
 */
export async function attemptDelivery(deps: { pool: Pool; settings: IntegrationSettings; now: () => Date }, row: DeliveryRow, url: string,
  secret: string, retryInMs: number | null): Promise<DeliveryRow> {
  const at = deps.now();
  const outcome = await sendSigned({
    url, body: JSON.stringify(row.payload), secret, rule: deps.settings.targets, now: at,
    headers: { 'leadfloor-delivery': row.id, 'leadfloor-event': row.event_type },
  });
  const status = outcome.ok ? 'delivered' : retryInMs === null ? 'failed' : 'retrying';
  const { rows } = await deps.pool.query<DeliveryRow>(
    `update webhook_deliveries set status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4,
       next_retry_at = $5, delivered_at = $6 where id = $1 returning ${DELIVERY_COLUMNS}`,
    [row.id, status, outcome.statusCode, outcome.error, status === 'retrying' ? new Date(at.getTime() + retryInMs!) : null, outcome.ok ? at : null]);
  return rows[0]!;
}
