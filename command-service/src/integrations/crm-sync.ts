import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { HandleCommand } from '../shared/handle-command';
import { crmConnectionAggregate, crmConnectionStream } from './crm-connection';
import { isAuthFailure, type CrmContact, type CrmPort, type CrmTokens } from './crm-provider';
import type { IntegrationSettings } from './integration-settings';

export type CrmSyncDeps = { pool: Pool; handle: HandleCommand; settings: IntegrationSettings; now: () => Date };
export type SyncResult = { leadCount: number; created: number; updated: number };

/** A token this close to expiring is renewed before use. */
const REFRESH_MARGIN_MS = 60_000;
const aad = (integrationId: number) => `integration:${integrationId}`;

/** Keeps a connection's tokens, sealed (never in events, logs or answers). */
export async function saveTokens(deps: Pick<CrmSyncDeps, 'pool' | 'settings'>, integrationId: number, t: CrmTokens): Promise<void> {
  const box = deps.settings.boxes.crm;
  await deps.pool.query(
    `insert into integration_tokens (integration_id, access_token, refresh_token, token_expiry) values ($1, $2, $3, $4)
     on conflict (integration_id) do update set access_token = excluded.access_token, refresh_token = excluded.refresh_token,
       token_expiry = excluded.token_expiry`,
    [integrationId, box.seal(t.accessToken, aad(integrationId)), box.seal(t.refreshToken, aad(integrationId)), t.expiresAt]);
}

async function loadTokens(deps: Pick<CrmSyncDeps, 'pool' | 'settings'>, integrationId: number): Promise<CrmTokens | null> {
  const { rows } = await deps.pool.query<{ access_token: string; refresh_token: string; token_expiry: Date }>(
    'select access_token, refresh_token, token_expiry from integration_tokens where integration_id = $1', [integrationId]);
  const r = rows[0];
  if (!r) return null;
  const box = deps.settings.boxes.crm;
  return { accessToken: box.open(r.access_token, aad(integrationId)), refreshToken: box.open(r.refresh_token, aad(integrationId)), expiresAt: r.token_expiry };
}

export class CrmNeedsReconnect extends Error {}

/**
 * Pushes leads to the CRM as contacts (upserted by email) for one connection, renewing its
 * access token first when it is about to expire (and once more if the CRM refuses it). When the
 * CRM refuses to renew, the connection goes to `error` with a sentence saying to reconnect,
 * and syncing stops until it is. Every run is a row of the sync log.
 */
export async function pushLeads(deps: CrmSyncDeps, port: CrmPort, integrationId: number, contacts: CrmContact[],
  trigger: 'lead_change' | 'sync_now'): Promise<SyncResult> {
  const startedAt = deps.now();
  const log = (status: 'ok' | 'failed', error: string | null) => deps.pool.query(
    `insert into crm_sync_log (integration_id, trigger, started_at, finished_at, lead_count, status, error) values ($1, $2, $3, $4, $5, $6, $7)`,
    [integrationId, trigger, startedAt, deps.now(), contacts.length, status, error]);
  const renew = async (t: CrmTokens) => {
    try {
      const fresh = await port.refresh(t.refreshToken, deps.now());
      await saveTokens(deps, integrationId, fresh);
      return fresh;
    } catch (err) {
      if (!isAuthFailure(err)) throw err;
      const reason = `HubSpot refused to renew LeadFloor's access (${(err as Error).message}). Reconnect HubSpot to resume syncing.`;
      await deps.handle(crmConnectionAggregate, crmConnectionStream(integrationId), {
        type: 'FailCrmConnection', data: { reason }, meta: { now: deps.now().toISOString() },
      }, { actorId: null, correlationId: `crm-sync-${integrationId}` });
      throw new CrmNeedsReconnect(reason);
    }
  };
  try {
    let tokens = await loadTokens(deps, integrationId);
    if (!tokens) throw new CrmNeedsReconnect('This connection has no access granted. Reconnect HubSpot.');
    if (tokens.expiresAt.getTime() - deps.now().getTime() < REFRESH_MARGIN_MS) tokens = await renew(tokens);
    let result: { created: number; updated: number };
    try {
      result = await port.upsertContacts(tokens.accessToken, contacts);
    } catch (err) {
      if (!isAuthFailure(err)) throw err;
      result = await port.upsertContacts((await renew(tokens)).accessToken, contacts);
    }
    await log('ok', null);
    return { leadCount: contacts.length, ...result };
  } catch (err) {
    await log('failed', (err as Error).message.slice(0, 500));
    throw err;
  }
}
