import { createHash, randomBytes } from 'node:crypto';
import {
  ConnectCrmBodySchema, ConnectCrmResponseSchema, CrmCallbackBodySchema, CrmProviderParamsSchema, CrmWriteResponseSchema,
  SyncNowResponseSchema,
} from '@leadfloor/contracts';
import type { CrmProvider } from '@leadfloor/events';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { findStreamByKey } from '@leadfloor/infra/event-store/unique-keys';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { crmConnectionAggregate, crmConnectionStream } from './crm-connection';
import { contactOf, crmPortFor, type CrmPort } from './crm-provider';
import { CrmNeedsReconnect, pushLeads, saveTokens, type CrmSyncDeps } from './crm-sync';

export type CrmRouteDeps = CrmSyncDeps & { store: EventStore; handle: HandleCommand };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const STATE_TTL_MS = 10 * 60_000;
/** Leads one "Sync now" pushes at most (20 batch calls): the most recently changed since the last good sync. */
export const SYNC_NOW_MAX = 2_000;
const CALLBACK_PATH = (provider: CrmProvider) => `/integrations/${provider}/callback`;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const connectionKey = (userId: number, provider: CrmProvider) => `${userId}:${provider}`;
const problems = {
  403: 'Only a manager connects the floor to a CRM (integrations.manager_only); a connection is its owner\'s (integrations.not_owner).',
  409: 'The deployment has no app credentials for this provider (integrations.not_configured).',
} as const;

/**
 * CRM connections, managers only, each their own (unique per user and provider): start the
 * OAuth authorization-code flow (a single-use state, kept as a hash, bound to the manager and
 * the redirect URI, for 10 minutes), finish it with the code the browser brings back (tokens
 * sealed at rest), disconnect, and push leads now.
 */
export const crmRoutes: FastifyPluginAsyncZod<CrmRouteDeps> = async (app, deps) => {
  const { pool, store, handle, now, settings } = deps;
  app.addHook('onRequest', requireSignedIn);

  const managerWithPort = async (actor: SessionActor, provider: CrmProvider): Promise<CrmPort> => {
    if (actor.role !== 'manager') throw new ApiError(403, 'integrations.manager_only', 'Only a manager connects the floor to a CRM.');
    const port = crmPortFor(settings, provider);
    if (!port) throw new ApiError(409, 'integrations.not_configured', 'HubSpot is not configured on this floor: set HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET.');
    return port;
  };
  const ownConnectionId = async (actor: SessionActor, provider: CrmProvider) => {
    const stream = await findStreamByKey(pool, ['crm_connection'], connectionKey(actor.id, provider));
    return stream ? Number(stream.slice('integration-'.length)) : null;
  };

  app.post('/api/integrations/:provider/connect', {
    schema: {
      params: CrmProviderParamsSchema, body: ConnectCrmBodySchema, response: { 200: ConnectCrmResponseSchema },
      problems: { ...problems, 400: "The redirect URI is not this site's callback page (integrations.bad_redirect)." },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { provider } = req.params;
    const port = await managerWithPort(actor, provider);
    const redirectUri = settings.hubspot?.redirectUri ?? req.body.redirectUri;
    const target = new URL(redirectUri);
    // The browser's own origin (as the Origin check sees it), with a default port normalised away.
    const site = new URL(`${req.protocol}://${req.host}`);
    if (!settings.hubspot?.redirectUri && (target.origin !== site.origin || target.pathname !== CALLBACK_PATH(provider))) {
      throw new ApiError(400, 'integrations.bad_redirect', `The redirect URI must be ${CALLBACK_PATH(provider)} on this site.`, { field: 'redirectUri' });
    }
    const state = randomBytes(32).toString('base64url');
    await pool.query(
      `with gone as (delete from oauth_states where expires_at < $6)
       insert into oauth_states (state_hash, user_id, provider, redirect_uri, expires_at) values ($1, $2, $3, $4, $5)`,
      [hash(state), actor.id, provider, redirectUri, new Date(now().getTime() + STATE_TTL_MS), now()]);
    return { authorizeUrl: port.authorizeUrl(state, redirectUri) };
  });

  app.post('/api/integrations/:provider/callback', {
    schema: {
      params: CrmProviderParamsSchema, body: CrmCallbackBodySchema, response: { 200: CrmWriteResponseSchema },
      problems: {
        ...problems,
        400: 'The state is unknown, used, expired or another manager\'s (integrations.invalid_state).',
        502: 'HubSpot refused the code (integrations.provider_refused).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { provider } = req.params;
    const port = await managerWithPort(actor, provider);
    // Single use: taken by its delete, whatever happens next.
    const { rows } = await pool.query<{ user_id: number; redirect_uri: string; expires_at: Date }>(
      'delete from oauth_states where state_hash = $1 and provider = $2 returning user_id, redirect_uri, expires_at', [hash(req.body.state), provider]);
    const grant = rows[0];
    if (!grant || grant.user_id !== actor.id || grant.expires_at.getTime() < now().getTime()) {
      throw new ApiError(400, 'integrations.invalid_state', 'This connection attempt is unknown or expired. Start again from Connect.');
    }
    let tokens;
    try {
      tokens = await port.exchangeCode(req.body.code, grant.redirect_uri, now());
    } catch (err) {
      req.log.warn({ provider, reason: (err as Error).message }, 'the CRM refused an authorization code');
      throw new ApiError(502, 'integrations.provider_refused', `HubSpot did not grant access: ${(err as Error).message}`);
    }
    const existing = await ownConnectionId(actor, provider);
    const integrationId = existing ?? await store.nextId('integration');
    let version: number;
    try {
      version = (await handle(crmConnectionAggregate, crmConnectionStream(integrationId), {
        type: 'ConnectCrm', data: { integrationId, provider, name: 'HubSpot' }, meta: { now: now().toISOString(), actor: asActor(actor) },
      }, requestContext(req, actor), existing ? {} : { claimKeys: () => [{ scope: 'crm_connection', key: connectionKey(actor.id, provider) }] })).version;
    } catch (err) {
      if (err instanceof UniqueKeyTakenError) throw new ApiError(409, 'integrations.already_connecting', 'Another connection attempt finished first. Reload the page.');
      throw err;
    }
    await saveTokens(deps, integrationId, tokens);
    return { version };
  });

  app.post('/api/integrations/:provider/disconnect', {
    schema: { params: CrmProviderParamsSchema, body: z.strictObject({}).optional(), response: { 200: CrmWriteResponseSchema }, problems: { ...problems, 404: 'No connection to this provider (integration.not_found).' } },
  }, async (req) => {
    const actor = await req.actor();
    const id = await ownConnectionId(actor, req.params.provider);
    if (id === null) throw new ApiError(actor.role === 'manager' ? 404 : 403, actor.role === 'manager' ? 'integration.not_found' : 'integrations.manager_only', 'No connection to disconnect.');
    const out = await handle(crmConnectionAggregate, crmConnectionStream(id), {
      type: 'DisconnectCrm', data: {}, meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    // The grant is forgotten: reconnecting asks HubSpot again.
    await pool.query('delete from integration_tokens where integration_id = $1', [id]);
    return { version: out.version };
  });

  app.post('/api/integrations/:provider/sync', {
    schema: {
      params: CrmProviderParamsSchema, body: z.strictObject({}).optional(), response: { 200: SyncNowResponseSchema },
      problems: { ...problems, 404: 'No connection to this provider (integration.not_found).', 409: 'Not connected, or the connection needs reconnecting (integrations.not_connected).', 502: 'HubSpot refused or could not be reached (integrations.provider_error).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const port = await managerWithPort(actor, req.params.provider);
    const id = await ownConnectionId(actor, req.params.provider);
    if (id === null) throw new ApiError(404, 'integration.not_found', 'Connect HubSpot first.');
    const { state } = await loadState(store, crmConnectionAggregate, crmConnectionStream(id));
    if (!state.exists || state.status !== 'connected') {
      throw new ApiError(409, 'integrations.not_connected', state.exists && state.status === 'error' ? (state.error ?? 'Reconnect HubSpot.') : 'Connect HubSpot first.');
    }
    const { rows } = await pool.query<{ name: string; email: string; phone: string; address: string | null; city: string; state: string }>(
      `select name, email, phone, address, city, state from lead_pool_v1
       where updated_at >= coalesce((select max(started_at) from crm_sync_log where integration_id = $1 and status = 'ok' and trigger = 'sync_now'), '-infinity')
       order by updated_at desc limit $2`, [id, SYNC_NOW_MAX]);
    try {
      return await pushLeads(deps, port, id, rows.map(contactOf), 'sync_now');
    } catch (err) {
      if (err instanceof CrmNeedsReconnect) throw new ApiError(409, 'integrations.not_connected', err.message);
      throw new ApiError(502, 'integrations.provider_error', `HubSpot did not take the contacts: ${(err as Error).message}`);
    }
  });
};
