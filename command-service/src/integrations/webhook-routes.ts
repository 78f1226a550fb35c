import { randomBytes } from 'node:crypto';
import {
  CreateWebhookBodySchema, CrmWriteResponseSchema, IntegrationIdParamsSchema, WebhookCreatedResponseSchema, WebhookTestResponseSchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import type { IntegrationSettings } from './integration-settings';
import { webhookAggregate, webhookStream } from './outbound-webhook';
import { attemptDelivery, DELIVERY_COLUMNS, deliveryDto, type DeliveryRow } from './webhook-deliveries';
import { targetRefusal } from './webhook-targets';

export type WebhookRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date; settings: IntegrationSettings };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const managerOnly = () => new ApiError(403, 'integrations.manager_only', 'Only a manager manages webhooks.');
const problems = { 403: 'Only a manager manages webhooks (integrations.manager_only).', 404: 'No such webhook (webhook.not_found).' } as const;
export const webhookSecretAad = (webhookId: number) => `webhook:${webhookId}`;

/**
 * Outbound webhooks, managers only: subscribe a URL to lead events (its signing secret is
 * answered once and kept encrypted), unsubscribe, and send a test delivery now (`ping`, one
 * attempt, recorded in the delivery log like the others).
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  const { pool, store, handle, now, settings } = deps;
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/webhooks', {
    schema: {
      body: CreateWebhookBodySchema, response: { 201: WebhookCreatedResponseSchema },
      problems: { 400: 'The URL is not allowed: https only in production; no private, link-local or (in production) loopback addresses (webhook.url_refused).', 403: problems[403] },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    if (actor.role !== 'manager') throw managerOnly();
    const refusal = await targetRefusal(req.body.url, settings.targets);
    if (refusal) throw new ApiError(400, 'webhook.url_refused', refusal, { field: 'url' });
    const webhookId = await store.nextId('webhook');
    const out = await handle(webhookAggregate, webhookStream(webhookId), {
      type: 'SubscribeWebhook', data: { webhookId, url: new URL(req.body.url).toString(), eventTypes: req.body.eventTypes },
      meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await pool.query('insert into webhook_secrets (webhook_id, secret) values ($1, $2) on conflict (webhook_id) do update set secret = excluded.secret',
      [webhookId, settings.boxes.webhooks.seal(secret, webhookSecretAad(webhookId))]);
    return reply.code(201).send({ webhookId, secret, version: out.version });
  });

  app.delete('/api/webhooks/:id', {
    schema: { params: IntegrationIdParamsSchema, response: { 200: CrmWriteResponseSchema }, problems },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(webhookAggregate, webhookStream(req.params.id), {
      type: 'UnsubscribeWebhook', data: {}, meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    return { version: out.version };
  });

  app.post('/api/webhooks/:id/test', {
    schema: {
      params: IntegrationIdParamsSchema, body: z.strictObject({}).optional(), response: { 200: WebhookTestResponseSchema },
      problems: { ...problems, 409: 'The webhook was unsubscribed (webhook.inactive).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    if (actor.role !== 'manager') throw managerOnly();
    const { state } = await loadState(store, webhookAggregate, webhookStream(req.params.id));
    if (!state.exists) throw new ApiError(404, 'webhook.not_found', 'No such webhook.');
    if (!state.active) throw new ApiError(409, 'webhook.inactive', 'This webhook was unsubscribed.');
    const sealed = (await pool.query<{ secret: string }>('select secret from webhook_secrets where webhook_id = $1', [state.id])).rows[0];
    if (!sealed) throw new ApiError(409, 'webhook.inactive', 'This webhook has no signing secret.');
    const at = now();
    const { rows } = await pool.query<DeliveryRow>(
      `insert into webhook_deliveries (webhook_id, event_type, payload, created_at) values ($1, 'ping', $2, $3) returning ${DELIVERY_COLUMNS}`,
      [state.id, JSON.stringify({ event: 'ping', webhookId: state.id, occurredAt: at.toISOString() }), at]);
    const done = await attemptDelivery(deps, rows[0]!, state.url, settings.boxes.webhooks.open(sealed.secret, webhookSecretAad(state.id)), null);
    return { delivery: deliveryDto(done) };
  });
};
