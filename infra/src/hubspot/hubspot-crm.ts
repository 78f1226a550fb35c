import type { HubSpotSettings } from './hubspot-settings';

/** OAuth tokens as HubSpot grants them; `expiresAt` computed from `expires_in` when received. */
export type HubSpotTokens = { accessToken: string; refreshToken: string; expiresAt: Date };
/** A LeadFloor lead as a HubSpot contact's standard properties. */
export type ContactInput = { email: string; firstname: string; lastname: string; phone: string; address: string; city: string; state: string };
export type UpsertResult = { created: number; updated: number };

/**
 * HubSpot refused or could not be reached. `kind`: `auth` (the token or grant is no longer good:
 * reconnect), `rate_limited`, `rejected` (a 4xx about the data), `unavailable` (5xx, network).
 * The message is HubSpot's own words, never a token.
 */
export class HubSpotError extends Error {
  constructor(readonly kind: 'auth' | 'rate_limited' | 'rejected' | 'unavailable', message: string, readonly status: number | null) {
    super(message);
    this.name = 'HubSpotError';
  }
}

const TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new HubSpotError('unavailable', `HubSpot could not be reached (${(err as Error).name}).`, null);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return body;
  const said = (body as { message?: unknown } | null)?.message;
  const message = typeof said === 'string' ? said.slice(0, 300) : `HubSpot answered ${res.status}.`;
  if (res.status === 401 || res.status === 403) throw new HubSpotError('auth', message, res.status);
  if (res.status === 429) throw new HubSpotError('rate_limited', message, res.status);
  if (res.status >= 500) throw new HubSpotError('unavailable', message, res.status);
  // The token endpoint answers 400 for a revoked or expired grant (BAD_REFRESH_TOKEN, BAD_AUTH_CODE).
  const status = (body as { status?: unknown } | null)?.status;
  if (url.endsWith('/oauth/v1/token') && typeof status === 'string' && /^BAD_|INVALID/.test(status)) throw new HubSpotError('auth', message, res.status);
  throw new HubSpotError('rejected', message, res.status);
}

function tokensOf(body: unknown, now: Date): HubSpotTokens {
  const b = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | null;
  if (typeof b?.access_token !== 'string' || typeof b.refresh_token !== 'string' || typeof b.expires_in !== 'number') {
    throw new HubSpotError('unavailable', 'HubSpot answered the token request without tokens.', null);
  }
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresAt: new Date(now.getTime() + b.expires_in * 1000) };
}

/**
 * HubSpot's CRM v3 contacts and its OAuth 2 authorization-code flow, over fetch: the
 * authorize URL, `POST /oauth/v1/token` (code exchange and refresh, form-encoded), and
 * `POST /crm/v3/objects/contacts/batch/upsert` keyed by email (up to 100 contacts a call).
 */
export function createHubSpotCrm(settings: HubSpotSettings) {
  const token = (form: Record<string, string>, now: Date) => call(`${settings.apiUrl}/oauth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }).toString(),
  }).then((b) => tokensOf(b, now));

  return {
    provider: 'hubspot' as const,
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', settings.scopes.join(' '));
      url.searchParams.set('state', state);
      return url.toString();
    },
    exchangeCode: (code: string, redirectUri: string, now: Date) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now),
    refresh: (refreshToken: string, now: Date) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }, now),
    async upsertContacts(accessToken: string, contacts: ContactInput[]): Promise<UpsertResult> {
      let created = 0;
      let updated = 0;
      for (let i = 0; i < contacts.length; i += 100) {
        const inputs = contacts.slice(i, i + 100).map((c) => ({ idProperty: 'email', id: c.email, properties: c }));
        const body = await call(`${settings.apiUrl}/crm/v3/objects/contacts/batch/upsert`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ inputs }),
        }) as { results?: { new?: boolean }[] } | null;
        for (const r of body?.results ?? []) {
          if (r.new) created++;
          else updated++;
        }
      }
      return { created, updated };
    },
  };
}
export type HubSpotCrm = ReturnType<typeof createHubSpotCrm>;
