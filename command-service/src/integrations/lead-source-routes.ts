import {
  CreateLeadSourceBodySchema, IntegrationIdParamsSchema, LeadSourceSecretResponseSchema, LeadSourceWriteResponseSchema,
  RotateLeadSourceBodySchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import type { IntegrationSettings } from './integration-settings';
import { leadSourceAggregate, leadSourceStream } from './lead-source';
import { hookPath, newSourceToken, tokenHash } from './lead-source-tokens';

export type LeadSourceRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date; settings: IntegrationSettings };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const problems = {
  403: 'Only a manager sets up lead sources (integrations.manager_only).',
  404: 'No such lead source (lead_source.not_found).',
} as const;

/**
 * Inbound lead sources, managers only: make one (a URL token, and optionally an HMAC signing
 * secret every request must be signed with), rotate it (a new token; the old URL stops
 * working at once), disable and enable it. The token is answered once and kept only as a hash;
 * the signing secret is kept encrypted (it is needed to verify).
 */
export const leadSourceRoutes: FastifyPluginAsyncZod<LeadSourceRouteDeps> = async (app, { pool, store, handle, now, settings }) => {
  app.addHook('onRequest', requireSignedIn);
  const seal = (sourceId: number, secret: string | null | undefined) => (secret ? settings.boxes.sources.seal(secret, `lead_source:${sourceId}`) : null);

  app.post('/api/lead-sources', {
    schema: { body: CreateLeadSourceBodySchema, response: { 201: LeadSourceSecretResponseSchema }, problems: { 403: problems[403] } },
  }, async (req, reply) => {
    const actor = await req.actor();
    const sourceId = await store.nextId('lead_source');
    const out = await handle(leadSourceAggregate, leadSourceStream(sourceId), {
      type: 'CreateLeadSource', data: { sourceId, name: req.body.name, signed: Boolean(req.body.signingSecret) },
      meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    const token = newSourceToken();
    await pool.query(
      `insert into lead_source_secrets (source_id, token_hash, signing_secret) values ($1, $2, $3)
       on conflict (source_id) do update set token_hash = excluded.token_hash, signing_secret = excluded.signing_secret`,
      [sourceId, tokenHash(token), seal(sourceId, req.body.signingSecret)]);
    return reply.code(201).send({ sourceId, path: hookPath(token), version: out.version });
  });

  app.post('/api/lead-sources/:id/rotate', {
    schema: { params: IntegrationIdParamsSchema, body: RotateLeadSourceBodySchema, response: { 200: LeadSourceSecretResponseSchema }, problems },
  }, async (req) => {
    const actor = await req.actor();
    const sourceId = req.params.id;
    const out = await handle(leadSourceAggregate, leadSourceStream(sourceId), {
      type: 'RotateLeadSource', data: { signed: Boolean(req.body.signingSecret) }, meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    const token = newSourceToken();
    await pool.query(
      `insert into lead_source_secrets (source_id, token_hash, signing_secret) values ($1, $2, $3)
       on conflict (source_id) do update set token_hash = excluded.token_hash, signing_secret = excluded.signing_secret`,
      [sourceId, tokenHash(token), seal(sourceId, req.body.signingSecret)]);
    return { sourceId, path: hookPath(token), version: out.version };
  });

  for (const [path, enabled] of [['disable', false], ['enable', true]] as const) {
    app.post(`/api/lead-sources/:id/${path}`, {
      schema: { params: IntegrationIdParamsSchema, body: z.strictObject({}).optional(), response: { 200: LeadSourceWriteResponseSchema }, problems },
    }, async (req) => {
      const actor = await req.actor();
      const out = await handle(leadSourceAggregate, leadSourceStream(req.params.id), {
        type: 'SetLeadSourceEnabled', data: { enabled }, meta: { now: now().toISOString(), actor: asActor(actor) },
      }, requestContext(req, actor));
      return { version: out.version };
    });
  }
};
