import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultIntegrationSettings } from '../../command-service/src/integrations/integration-settings';
import { createLogger } from '../../infra/src/logger';
import { startApi, type Agent, type Api } from '../api-harness';
import { startFakeHubSpot } from '../fake-hubspot';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

let api: Api;
let hubspot: Awaited<ReturnType<typeof startFakeHubSpot>>;
let max: Agent; // a manager
let olga: Agent; // another manager
let ann: Agent; // an agent
let log = '';
const answers: string[] = [];
const redirectUri = 'http://localhost:80/integrations/hubspot/callback';

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  const sink = new Writable({ write(chunk, _e, done) { log += chunk; done(); } });
  api = await startApi({
    logger: createLogger({ LOG_LEVEL: 'trace' }, 'leadfloor', sink),
    integrations: { ...defaultIntegrationSettings(randomBytes(32)), hubspot: hubspot.settings },
  });
  [max, olga, ann] = [await api.agent('max'), await api.agent('olga'), await api.agent('ann')];
  await staffTeam(api, 'Closers', max, [ann]);
  await staffTeam(api, 'Openers', olga, []);
}, 120_000);
afterAll(async () => {
  await api.close();
  await hubspot.close();
});

const call = async (who: Agent, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await who.request(method, url, body);
  answers.push(res.body);
  return res;
};
/** The OAuth dance as the browser makes it: connect, HubSpot's authorize page, the callback with the code. */
const connect = async (who: Agent) => {
  const start = await call(who, 'POST', '/api/integrations/hubspot/connect', { redirectUri });
  expect(start.statusCode, start.body).toBe(200);
  const authorize = new URL(start.json().authorizeUrl);
  expect(authorize.searchParams.get('client_id')).toBe('fake-client');
  expect(authorize.searchParams.get('redirect_uri')).toBe(redirectUri);
  const back = await fetch(authorize, { redirect: 'manual' });
  const returned = new URL(back.headers.get('location')!);
  return call(who, 'POST', '/api/integrations/hubspot/callback', { code: returned.searchParams.get('code'), state: returned.searchParams.get('state') });
};
/** A lead in the pool, and waits until the pool's read model (what Sync now reads) has it. */
const addLead = async (email: string) => {
  const { lead } = (await call(max, 'POST', '/api/leads', { name: 'Pat Pool', email, phone: '555-0100', city: 'Boise', state: 'ID', leadType: 'finance' })).json();
  await waitFor(async () => (await api.pool.query('select 1 from lead_pool_v1 where id = $1', [lead.id])).rowCount === 1, { what: 'the lead in the pool' });
};
const status = async (who: Agent) => (await call(who, 'GET', '/api/integrations')).json().providers[0];
const tokensIssued = () => hubspot.requests.filter((r) => r.path === '/oauth/v1/token').flatMap((r) => [...r.body.matchAll(/(?:code|refresh_token)=([^&]+)/g)].map((m) => m[1]!));

describe('connecting HubSpot', () => {
  it('runs the authorization-code flow, stores the tokens sealed, and shows the connection', async () => {
    expect((await connect(max)).statusCode).toBe(200);
    const p = await waitFor(async () => {
      const s = await status(max);
      return s.connection?.status === 'connected' ? s : undefined;
    }, { what: 'the connection in the read model' });
    expect(p).toMatchObject({ provider: 'hubspot', configured: true, connection: { name: 'HubSpot', userId: max.id, error: null } });
    const { rows } = await api.pool.query<{ access_token: string; refresh_token: string }>('select access_token, refresh_token from integration_tokens');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.access_token).not.toMatch(/fake-access/);
    expect(rows[0]!.refresh_token).not.toMatch(/fake-refresh/);
  });

  it('refuses a reused, unknown or another manager\'s state', async () => {
    const start = (await call(olga, 'POST', '/api/integrations/hubspot/connect', { redirectUri })).json();
    const state = new URL(start.authorizeUrl).searchParams.get('state')!;
    const { code } = hubspot.authorize(redirectUri, state);
    expect((await call(max, 'POST', '/api/integrations/hubspot/callback', { code, state })).statusCode).toBe(400); // not max's
    expect((await call(olga, 'POST', '/api/integrations/hubspot/callback', { code, state })).statusCode).toBe(400); // taken by the try above
    expect((await call(olga, 'POST', '/api/integrations/hubspot/callback', { code, state: 'x'.repeat(43) })).statusCode).toBe(400);
    expect((await call(max, 'POST', '/api/integrations/hubspot/connect', { redirectUri: 'https://evil.example/integrations/hubspot/callback' })).statusCode).toBe(400);
  });

  it('lets only managers connect, sync, disconnect and read', async () => {
    expect((await call(ann, 'POST', '/api/integrations/hubspot/connect', { redirectUri })).statusCode).toBe(403);
    { const r = await call(ann, 'POST', '/api/integrations/hubspot/sync', {}); expect(r.statusCode, r.body).toBe(403); }
    expect((await call(ann, 'POST', '/api/integrations/hubspot/disconnect', {})).statusCode).toBe(403);
    expect((await call(ann, 'GET', '/api/integrations')).statusCode).toBe(403);
    expect((await call(ann, 'GET', '/api/integrations/hubspot/sync-log')).statusCode).toBe(403);
    expect((await call(olga, 'POST', '/api/integrations/hubspot/sync', {})).statusCode).toBe(404); // olga has no connection
    expect((await call(max, 'POST', '/api/integrations/salesforce/sync', {})).statusCode).toBe(400);
  });
});

describe('syncing leads to HubSpot contacts', () => {
  it('pushes a new lead through the reactor, and Sync now upserts the pool by email', async () => {
    const lead = (await call(max, 'POST', '/api/leads', { name: 'Mary Ann Contact', email: 'mary@example.com', phone: '555-0177', city: 'Salem', state: 'OR', leadType: 'real_estate' })).json().lead;
    const contact = await waitFor(() => hubspot.contacts.get('mary@example.com'), { what: 'the contact in HubSpot' });
    expect(contact.properties).toMatchObject({ email: 'mary@example.com', firstname: 'Mary Ann', lastname: 'Contact', phone: '555-0177', city: 'Salem', state: 'OR' });
    expect(lead.id).toBeGreaterThan(0);
    const sync = await call(max, 'POST', '/api/integrations/hubspot/sync', {});
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ leadCount: 1, created: 0, updated: 1 });
    const entries = (await call(max, 'GET', '/api/integrations/hubspot/sync-log?limit=10')).json().entries;
    expect(entries[0]).toMatchObject({ trigger: 'sync_now', status: 'ok', leadCount: 1 });
    expect(entries.some((e: { trigger: string }) => e.trigger === 'lead_change')).toBe(true);
    expect((await status(max)).connection.lastSyncedAt).not.toBeNull();
  });

  it('renews an expired access token and carries on', async () => {
    hubspot.expireAccess();
    await addLead('renewed@example.com');
    const sync = await call(max, 'POST', '/api/integrations/hubspot/sync', {});
    expect(sync.statusCode).toBe(200);
    expect(sync.json().leadCount).toBeGreaterThan(0);
    expect(hubspot.contacts.has('renewed@example.com')).toBe(true);
    expect((await status(max)).connection.status).toBe('connected');
  });

  it('puts the connection in error with a clear prompt when HubSpot refuses to renew, and a reconnect fixes it', async () => {
    hubspot.expireAccess();
    hubspot.refuseRefresh();
    await addLead('refused@example.com');
    const sync = await call(max, 'POST', '/api/integrations/hubspot/sync', {});
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toMatch(/Reconnect HubSpot/);
    const p = await waitFor(async () => {
      const s = await status(max);
      return s.connection.status === 'error' ? s : undefined;
    }, { what: 'the connection in error' });
    expect(p.connection.error).toMatch(/HubSpot refused to renew LeadFloor's access \(missing or invalid refresh token\)\. Reconnect HubSpot/);
    const failed = (await call(max, 'GET', '/api/integrations/hubspot/sync-log?limit=1')).json().entries[0];
    expect(failed).toMatchObject({ status: 'failed' });
    const events = await api.pool.query<{ type: string }>(`select type from events where stream_id like 'integration-%' order by global_position`);
    expect(events.rows.map((e) => e.type)).toEqual(['CrmConnected', 'CrmConnectionFailed']);

    expect((await connect(max)).statusCode).toBe(200);
    await waitFor(async () => (await status(max)).connection.status === 'connected', { what: 'the reconnected status' });
  });

  it('disconnects, forgetting the grant', async () => {
    expect((await call(max, 'POST', '/api/integrations/hubspot/disconnect', {})).statusCode).toBe(200);
    await waitFor(async () => (await status(max)).connection.status === 'disconnected', { what: 'disconnected' });
    expect((await api.pool.query('select 1 from integration_tokens')).rowCount).toBe(0);
    expect((await call(max, 'POST', '/api/integrations/hubspot/sync', {})).statusCode).toBe(409);
  });

  it('never puts a token in an event, a log line or an answer', async () => {
    const secrets = [...tokensIssued(), ...hubspot.requests.flatMap((r) => (r.authorization ? [r.authorization.replace('Bearer ', '')] : []))];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const { rows } = await api.pool.query<{ text: string }>(`select string_agg(data::text || metadata::text, ' ') as text from events`);
    for (const s of secrets) {
      expect(rows[0]!.text).not.toContain(s);
      expect(log).not.toContain(s);
      for (const a of answers) expect(a).not.toContain(s);
    }
  });
});
