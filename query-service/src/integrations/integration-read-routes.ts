import {
  AwaitVersionQuerySchema, CrmProviderParamsSchema, CrmProviderSchema, IntegrationListQuerySchema, InboxResponseSchema, IntegrationIdParamsSchema, IntegrationPageQuerySchema,
  IntegrationsResponseSchema, LeadSourcesResponseSchema, SyncLogResponseSchema, WebhookDeliveriesResponseSchema, WebhooksResponseSchema,
} from '@leadfloor/contracts';
import type { CrmProvider } from '@leadfloor/events';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type IntegrationReadDeps = { pool: Pool; configured: Record<CrmProvider, boolean>; readYourWritesMs?: number };

/** Waits, at most `waitMs`, until the read model's row reflects the version a write answered. */
async function awaitRow(pool: Pool, sql: string, params: unknown[], minVersion: number | undefined, waitMs: number) {
  if (minVersion === undefined) return;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await pool.query<{ version: number }>(sql, params);
    if ((rows[0]?.version ?? 0) >= minVersion || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const managerOnly = (actor: SessionActor) => {
  if (actor.role !== 'manager') throw new ApiError(403, 'integrations.manager_only', 'Only managers see the floor\'s integrations.');
};
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A page of rows ordered by descending id: one more is read to know whether a next page exists. */
function page<T extends { id: string | number }>(rows: T[], limit: number) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, nextCursor: more ? String(items.at(-1)!.id) : null };
}
const forbidden = { 403: 'Managers only (integrations.manager_only).' } as const;

/**
 * The /integrations screen's reads, managers only: lead sources with their inbox counts and
 * each one's received leads; outbound webhooks with their delivery log; the CRM providers with
 * the manager's own connection and its sync log. Every list is newest first, keyset-paged by id.
 */
export const integrationReadRoutes: FastifyPluginAsyncZod<IntegrationReadDeps> = async (app, { pool, configured, readYourWritesMs = 2_000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/lead-sources', {
    schema: { querystring: IntegrationListQuerySchema, response: { 200: LeadSourcesResponseSchema }, problems: forbidden },
  }, async (req) => {
    managerOnly(await req.actor());
    const { limit, cursor, awaitId, minVersion } = req.query;
    if (awaitId !== undefined) await awaitRow(pool, 'select version from lead_sources_v1 where id = $1', [awaitId], minVersion, readYourWritesMs);
    const { rows } = await pool.query<{
      id: number; name: string; signed: boolean; enabled: boolean; created_at: Date; rotated_at: Date | null;
      received: number; created: number; failed: number; last_received_at: Date | null;
    }>(
      `select s.id, s.name, s.signed, s.enabled, s.created_at, s.rotated_at,
              coalesce(c.received, 0)::int as received, coalesce(c.created, 0)::int as created, coalesce(c.failed, 0)::int as failed, c.last_received_at
       from lead_sources_v1 s
       left join lateral (
         select count(*) as received, count(*) filter (where state = 'created') as created,
                count(*) filter (where state = 'failed') as failed, max(received_at) as last_received_at
         from lead_inbox i where i.source_id = s.id) c on true
       where ($1::bigint is null or s.id < $1) order by s.id desc limit $2`, [cursor ?? null, limit + 1]);
    const { items, nextCursor } = page(rows, limit);
    return {
      sources: items.map((r) => ({
        id: r.id, name: r.name, signed: r.signed, enabled: r.enabled, createdAt: r.created_at.toISOString(), rotatedAt: iso(r.rotated_at),
        received: r.received, created: r.created, failed: r.failed, lastReceivedAt: iso(r.last_received_at),
      })),
      nextCursor,
    };
  });

  app.get('/api/lead-sources/:id/inbox', {
    schema: { params: IntegrationIdParamsSchema, querystring: IntegrationPageQuerySchema, response: { 200: InboxResponseSchema }, problems: { ...forbidden, 404: 'No such lead source.' } },
  }, async (req) => {
    managerOnly(await req.actor());
    const { limit, cursor } = req.query;
    if ((await pool.query('select 1 from lead_sources_v1 where id = $1', [req.params.id])).rowCount === 0) {
      throw new ApiError(404, 'lead_source.not_found', 'No such lead source.');
    }
    const { rows } = await pool.query<{ id: string; external_id: string; name: string | null; received_at: Date; state: 'received' | 'created' | 'failed'; lead_id: number | null; error: string | null }>(
      `select id::text, external_id, payload->>'name' as name, received_at, state, lead_id, error from lead_inbox
       where source_id = $1 and ($2::bigint is null or id < $2) order by id desc limit $3`, [req.params.id, cursor ?? null, limit + 1]);
    const { items, nextCursor } = page(rows, limit);
    return {
      entries: items.map((r) => ({
        id: r.id, externalId: r.external_id, name: r.name ?? '', receivedAt: r.received_at.toISOString(), state: r.state, leadId: r.lead_id, error: r.error,
      })),
      nextCursor,
    };
  });

  app.get('/api/webhooks', {
    schema: { querystring: IntegrationListQuerySchema, response: { 200: WebhooksResponseSchema }, problems: forbidden },
  }, async (req) => {
    managerOnly(await req.actor());
    const { limit, cursor, awaitId, minVersion } = req.query;
    if (awaitId !== undefined) await awaitRow(pool, 'select version from outbound_webhooks_v1 where id = $1', [awaitId], minVersion, readYourWritesMs);
    const { rows } = await pool.query<{ id: number; url: string; event_types: string[]; active: boolean; created_at: Date; delivered: number; failing: number; last_delivery_at: Date | null }>(
      `select w.id, w.url, w.event_types, w.active, w.created_at, coalesce(c.delivered, 0)::int as delivered, coalesce(c.failing, 0)::int as failing, c.last_delivery_at
       from outbound_webhooks_v1 w
       left join lateral (
         select count(*) filter (where status = 'delivered') as delivered, count(*) filter (where status in ('retrying', 'failed')) as failing,
                max(created_at) as last_delivery_at
         from webhook_deliveries d where d.webhook_id = w.id) c on true
       where ($1::bigint is null or w.id < $1) order by w.active desc, w.id desc limit $2`, [cursor ?? null, limit + 1]);
    const { items, nextCursor } = page(rows, limit);
    return {
      webhooks: items.map((r) => ({
        id: r.id, url: r.url, eventTypes: r.event_types as never, active: r.active, createdAt: r.created_at.toISOString(),
        delivered: r.delivered, failing: r.failing, lastDeliveryAt: iso(r.last_delivery_at),
      })),
      nextCursor,
    };
  });

  app.get('/api/webhooks/:id/deliveries', {
    schema: { params: IntegrationIdParamsSchema, querystring: IntegrationPageQuerySchema, response: { 200: WebhookDeliveriesResponseSchema }, problems: { ...forbidden, 404: 'No such webhook.' } },
  }, async (req) => {
    managerOnly(await req.actor());
    const { limit, cursor } = req.query;
    if ((await pool.query('select 1 from outbound_webhooks_v1 where id = $1', [req.params.id])).rowCount === 0) {
      throw new ApiError(404, 'webhook.not_found', 'No such webhook.');
    }
    const { rows } = await pool.query<{
      id: string; event_type: string; status: 'pending' | 'delivered' | 'retrying' | 'failed'; attempts: number; last_status_code: number | null;
      last_error: string | null; next_retry_at: Date | null; created_at: Date; delivered_at: Date | null;
    }>(
      `select id::text, event_type, status, attempts, last_status_code, last_error, next_retry_at, created_at, delivered_at from webhook_deliveries
       where webhook_id = $1 and ($2::bigint is null or id < $2) order by id desc limit $3`, [req.params.id, cursor ?? null, limit + 1]);
    const { items, nextCursor } = page(rows, limit);
    return {
      deliveries: items.map((r) => ({
        id: r.id, eventType: r.event_type, status: r.status, attempts: r.attempts, lastStatusCode: r.last_status_code, lastError: r.last_error,
        nextRetryAt: iso(r.next_retry_at), createdAt: r.created_at.toISOString(), deliveredAt: iso(r.delivered_at),
      })),
      nextCursor,
    };
  });

  app.get('/api/integrations', {
    schema: { querystring: AwaitVersionQuerySchema, response: { 200: IntegrationsResponseSchema }, problems: forbidden },
  }, async (req) => {
    const actor = await req.actor();
    managerOnly(actor);
    // After a connect or disconnect: the manager's own connection (one provider today).
    await awaitRow(pool, 'select max(version) as version from crm_connections_v1 where user_id = $1', [actor.id], req.query.minVersion, readYourWritesMs);
    const { rows } = await pool.query<{ id: number; user_id: number; provider: CrmProvider; name: string; status: 'connected' | 'disconnected' | 'error'; error: string | null; connected_at: Date; last_synced_at: Date | null }>(
      `select c.id, c.user_id, c.provider, c.name, c.status, c.error, c.connected_at,
              (select max(finished_at) from crm_sync_log l where l.integration_id = c.id and l.status = 'ok') as last_synced_at
       from crm_connections_v1 c where c.user_id = $1`, [actor.id]);
    return {
      providers: CrmProviderSchema.options.map((provider) => {
        const r = rows.find((c) => c.provider === provider);
        return {
          provider, configured: configured[provider],
          connection: r ? {
            id: r.id, userId: r.user_id, name: r.name, status: r.status, error: r.error, connectedAt: r.connected_at.toISOString(), lastSyncedAt: iso(r.last_synced_at),
          } : null,
        };
      }),
    };
  });

  app.get('/api/integrations/:provider/sync-log', {
    schema: { params: CrmProviderParamsSchema, querystring: IntegrationPageQuerySchema, response: { 200: SyncLogResponseSchema }, problems: forbidden },
  }, async (req) => {
    const actor = await req.actor();
    managerOnly(actor);
    const { limit, cursor } = req.query;
    const { rows } = await pool.query<{ id: string; trigger: 'lead_change' | 'sync_now'; started_at: Date; finished_at: Date; lead_count: number; status: 'ok' | 'failed'; error: string | null }>(
      `select l.id::text, l.trigger, l.started_at, l.finished_at, l.lead_count, l.status, l.error from crm_sync_log l
       join crm_connections_v1 c on c.id = l.integration_id
       where c.user_id = $1 and c.provider = $2 and ($3::bigint is null or l.id < $3) order by l.id desc limit $4`,
      [actor.id, req.params.provider, cursor ?? null, limit + 1]);
    const { items, nextCursor } = page(rows, limit);
    return {
      entries: items.map((r) => ({
        id: r.id, trigger: r.trigger, startedAt: r.started_at.toISOString(), finishedAt: r.finished_at.toISOString(), leadCount: r.lead_count, status: r.status, error: r.error,
      })),
      nextCursor,
    };
  });
};
