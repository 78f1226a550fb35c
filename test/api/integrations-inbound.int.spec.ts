import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../command-service/src/integrations/webhook-signature';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

let api: Api;
let max: Agent; // a manager
let ann: Agent; // an agent
beforeAll(async () => {
  api = await startApi({ inboundPerSource: { max: 8, windowMs: 60_000 } });
  [max, ann] = [await api.agent('max'), await api.agent('ann')];
  await staffTeam(api, 'Closers', max, [ann]);
}, 120_000);
afterAll(async () => api.close());

const lead = { name: 'Rita Webform', email: 'rita@example.com', phone: '555-0199', city: 'Denver', state: 'CO', leadType: 'finance' };
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', ...headers } });
const newSource = async (body: Record<string, unknown>) => {
  const res = await max.request('POST', '/api/lead-sources', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { sourceId: number; path: string };
};
const inbox = (sourceId: number) => api.pool.query<{ state: string; lead_id: number | null; external_id: string }>(
  'select state, lead_id, external_id from lead_inbox where source_id = $1 order by id', [sourceId]).then((r) => r.rows);

describe('an unsigned lead source', () => {
  it('accepts a lead at once and a job makes it a lead of the pool through the normal command', async () => {
    const { sourceId, path } = await newSource({ name: 'Website form' });
    const res = await post(path, JSON.stringify({ ...lead, externalId: 'form-1' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: true, duplicate: false });
    const [row] = await waitFor(async () => {
      const rows = await inbox(sourceId);
      return rows[0]?.state === 'created' ? rows : undefined;
    }, { what: 'the inbox job to create the lead' });
    const created = await api.pool.query('select type, data, metadata from events where stream_id = $1', [`lead-${row!.lead_id}`]);
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({ type: 'LeadCreated', data: { name: 'Rita Webform', email: 'rita@example.com', createdBy: max.id } });
    const pool = await waitFor(async () => (await ann.request('GET', `/api/leads/${row!.lead_id}`)).json().lead, { what: 'the lead in the pool' });
    expect(pool).toMatchObject({ status: 'available', leadType: 'finance' });
  });

  it("takes an ad platform's utm_source and utm_campaign as the lead's funnel source and campaign", async () => {
    const { sourceId, path } = await newSource({ name: 'Facebook lead ads' });
    expect((await post(path, JSON.stringify({ ...lead, email: 'utm@example.com', utm_source: 'facebook', utm_campaign: 'spring-sale' }))).statusCode).toBe(202);
    const [row] = await waitFor(async () => {
      const rows = await inbox(sourceId);
      return rows[0]?.state === 'created' ? rows : undefined;
    }, { what: 'the inbox job to create the lead' });
    const created = await api.pool.query('select data from events where stream_id = $1', [`lead-${row!.lead_id}`]);
    expect(created.rows[0].data).toMatchObject({ funnelSource: 'facebook', funnelCampaignId: 'spring-sale' });
    const shown = await waitFor(async () => (await ann.request('GET', `/api/leads/${row!.lead_id}`)).json().lead, { what: 'the lead in the pool' });
    expect(shown).toMatchObject({ funnelSource: 'facebook', funnelCampaignId: 'spring-sale' });
  });

  it('treats a redelivery with the same external id as a no-op', async () => {
    const { sourceId, path } = await newSource({ name: 'Zapier' });
    const body = JSON.stringify({ ...lead, externalId: 'zap-7' });
    const [first, second] = [await post(path, body), await post(path, body)];
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json()).toMatchObject({ duplicate: true, receiptId: first.json().receiptId });
    await waitFor(async () => (await inbox(sourceId))[0]?.state === 'created', { what: 'the lead' });
    const again = await post(path, body);
    expect(again.json().duplicate).toBe(true);
    expect(await inbox(sourceId)).toHaveLength(1);
  });

  it('uses the body itself as the id when no external id is given', async () => {
    const { sourceId, path } = await newSource({ name: 'Ads' });
    const body = JSON.stringify({ ...lead, email: 'same@example.com' });
    await post(path, body);
    expect((await post(path, body)).json().duplicate).toBe(true);
    expect((await post(path, JSON.stringify({ ...lead, email: 'other@example.com' }))).json().duplicate).toBe(false);
    expect(await inbox(sourceId)).toHaveLength(2);
  });

  it('refuses a lead with a missing or invalid field, naming it, and stores nothing', async () => {
    const { sourceId, path } = await newSource({ name: 'Strict form' });
    const bad = await post(path, JSON.stringify({ ...lead, email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', field: 'email' });
    expect((await post(path, JSON.stringify({ ...lead, claimedBy: 1 }))).statusCode).toBe(400);
    expect((await post(path, '{"name":')).statusCode).toBe(400);
    expect((await post(path, JSON.stringify({ ...lead, notes: 'a\u0000b' }))).statusCode).toBe(400);
    expect((await post(path, 'x'.repeat(70_000))).statusCode).toBe(413);
    expect(await inbox(sourceId)).toHaveLength(0);
  });

  it('answers 404 for an unknown token, and for the old token once rotated; 403 while disabled', async () => {
    expect((await post(`/api/hooks/leads/lfs_${randomBytes(32).toString('base64url')}`, JSON.stringify(lead))).statusCode).toBe(404);
    expect((await post('/api/hooks/leads/nonsense', JSON.stringify(lead))).statusCode).toBe(404);
    const { sourceId, path } = await newSource({ name: 'Rotating' });
    const rotated = await max.request('POST', `/api/lead-sources/${sourceId}/rotate`, {});
    expect(rotated.statusCode).toBe(200);
    expect((await post(path, JSON.stringify(lead))).statusCode).toBe(404);
    expect((await post(rotated.json().path, JSON.stringify(lead))).statusCode).toBe(202);
    expect((await max.request('POST', `/api/lead-sources/${sourceId}/disable`, {})).statusCode).toBe(200);
    const disabled = await post(rotated.json().path, JSON.stringify({ ...lead, externalId: 'later' }));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('lead_source.disabled');
    expect((await max.request('POST', `/api/lead-sources/${sourceId}/enable`, {})).statusCode).toBe(200);
    expect((await post(rotated.json().path, JSON.stringify({ ...lead, externalId: 'later' }))).statusCode).toBe(202);
  });

  it('limits each source to its rate, with Retry-After, without slowing other sources', async () => {
    const { path } = await newSource({ name: 'Flood' });
    const { path: other } = await newSource({ name: 'Quiet' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await post(path, JSON.stringify({ ...lead, externalId: `flood-${i}` }))).statusCode);
    expect(codes).toEqual(Array(8).fill(202));
    const limited = await post(path, JSON.stringify({ ...lead, externalId: 'flood-x' }));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(other, JSON.stringify(lead))).statusCode).toBe(202);
  });
});

describe('custom fields on inbound leads', () => {
  it("takes the floor's custom field values, checked like the add-lead form, onto the lead", async () => {
    const field = await max.request('POST', '/api/custom-fields', { name: 'budget', leadType: 'forex', label: 'Budget', fieldType: 'number', required: true });
    expect(field.statusCode).toBe(201);
    const { sourceId, path } = await newSource({ name: 'Forex ads' });
    const forex = { ...lead, leadType: 'forex' };
    const missing = await post(path, JSON.stringify({ ...forex, externalId: 'fx-0' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', field: 'customFields.budget' });
    expect((await post(path, JSON.stringify({ ...forex, externalId: 'fx-1', customFields: { budget: 'lots' } }))).json().field).toBe('customFields.budget');
    expect((await post(path, JSON.stringify({ ...forex, externalId: 'fx-2', customFields: { budget: '2500' } }))).statusCode).toBe(202);
    const [row] = await waitFor(async () => {
      const rows = await inbox(sourceId);
      return rows[0]?.state === 'created' ? rows : undefined;
    }, { what: 'the lead with its custom field' });
    const events = await api.pool.query<{ type: string; data: { values?: Record<string, unknown> } }>(
      'select type, data from events where stream_id = $1 order by stream_version', [`lead-${row!.lead_id}`]);
    expect(events.rows.map((e) => e.type)).toEqual(['LeadCreated', 'LeadCustomFieldsChanged']);
    expect(events.rows[1]!.data.values).toEqual({ budget: 2500 });
  });
});

describe('a signed lead source', () => {
  const secret = 'shh-this-is-a-long-secret';
  it('accepts a valid signature and refuses an invalid, missing or replayed one', async () => {
    const { sourceId, path } = await newSource({ name: 'Signed', signingSecret: secret });
    const body = JSON.stringify({ ...lead, externalId: 'signed-1' });
    const ok = await post(path, body, { 'leadfloor-signature': signBody(secret, body, new Date()) });
    expect(ok.statusCode).toBe(202);

    const wrongKey = await post(path, body, { 'leadfloor-signature': signBody('another-long-secret!', body, new Date()) });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().code).toBe('invalid_signature');
    const tampered = await post(path, body.replace('Rita', 'Eve'), { 'leadfloor-signature': signBody(secret, body, new Date()) });
    expect(tampered.statusCode).toBe(401);
    expect((await post(path, body)).statusCode).toBe(401);
    expect((await post(path, body, { 'leadfloor-signature': 'garbage' })).statusCode).toBe(401);
    // A captured request replayed later: its timestamp is outside the tolerance.
    const old = await post(path, body, { 'leadfloor-signature': signBody(secret, body, new Date(Date.now() - 10 * 60_000)) });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/expired/);
    expect(await inbox(sourceId)).toHaveLength(1);
  });

  it('keeps the signing secret encrypted, and no secret or token in events', async () => {
    const { sourceId, path } = await newSource({ name: 'Sealed', signingSecret: secret });
    const { rows } = await api.pool.query<{ token_hash: string; signing_secret: string }>('select token_hash, signing_secret from lead_source_secrets where source_id = $1', [sourceId]);
    expect(rows[0]!.signing_secret).not.toContain(secret);
    expect(rows[0]!.token_hash).not.toContain(path.split('/').at(-1));
    const events = await api.pool.query<{ text: string }>(`select data::text || metadata::text as text from events where stream_id = $1`, [`lead_source-${sourceId}`]);
    for (const e of events.rows) {
      expect(e.text).not.toContain(secret);
      expect(e.text).not.toContain(path.split('/').at(-1));
    }
  });
});

describe('who may manage lead sources', () => {
  it('lets only managers create, rotate, disable and list them', async () => {
    const { sourceId } = await newSource({ name: 'Managed' });
    expect((await ann.request('POST', '/api/lead-sources', { name: 'Mine' })).statusCode).toBe(403);
    expect((await ann.request('POST', `/api/lead-sources/${sourceId}/rotate`, {})).statusCode).toBe(403);
    expect((await ann.request('POST', `/api/lead-sources/${sourceId}/disable`, {})).statusCode).toBe(403);
    expect((await ann.request('GET', '/api/lead-sources')).statusCode).toBe(403);
    expect((await ann.request('GET', `/api/lead-sources/${sourceId}/inbox`)).statusCode).toBe(403);
    expect((await max.request('POST', '/api/lead-sources/999999/rotate', {})).statusCode).toBe(404);
    expect((await max.request('POST', '/api/lead-sources', { name: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await max.request('POST', '/api/lead-sources', { name: 'x', signingSecret: 'short' })).statusCode).toBe(400);
  });

  it('lists sources with their inbox counts, and each inbox, newest first and paged', async () => {
    const { sourceId, path } = await newSource({ name: 'Listed' });
    for (const id of ['a', 'b', 'c']) await post(path, JSON.stringify({ ...lead, externalId: id }));
    const sources = await waitFor(async () => {
      const body = (await max.request('GET', '/api/lead-sources?limit=100')).json();
      const s = body.sources.find((x: { id: number }) => x.id === sourceId);
      return s?.created === 3 ? s : undefined;
    }, { what: 'the source listed with three leads made' });
    expect(sources).toMatchObject({ name: 'Listed', signed: false, enabled: true, received: 3, failed: 0 });
    const first = (await max.request('GET', `/api/lead-sources/${sourceId}/inbox?limit=2`)).json();
    expect(first.entries.map((e: { externalId: string }) => e.externalId)).toEqual(['c', 'b']);
    const second = (await max.request('GET', `/api/lead-sources/${sourceId}/inbox?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ entries: [{ externalId: 'a', state: 'created', name: 'Rita Webform' }], nextCursor: null });
  });
});
