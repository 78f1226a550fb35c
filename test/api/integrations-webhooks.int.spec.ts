import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultIntegrationSettings } from '../../command-service/src/integrations/integration-settings';
import { verifySignature } from '../../command-service/src/integrations/webhook-signature';
import { startApi, type Agent, type Api } from '../api-harness';
import { startWebhookReceiver } from '../fake-hubspot';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

let api: Api;
let max: Agent; // a manager
let ann: Agent; // an agent
const retry = { attempts: 3, delayMs: 200 };
beforeAll(async () => {
  api = await startApi({ integrations: { ...defaultIntegrationSettings(randomBytes(32)), webhookRetry: retry } });
  [max, ann] = [await api.agent('max'), await api.agent('ann')];
  await staffTeam(api, 'Closers', max, [ann]);
}, 120_000);
afterAll(async () => api.close());

const newLead = { name: 'Hook Lead', email: 'hook@example.com', phone: '555-0142', city: 'Reno', state: 'NV', leadType: 'forex' };
const subscribe = async (url: string, eventTypes: string[]) => {
  const res = await max.request('POST', '/api/webhooks', { url, eventTypes });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { webhookId: number; secret: string };
  await waitFor(async () => (await max.request('GET', '/api/webhooks?limit=100')).json().webhooks.some((w: { id: number }) => w.id === body.webhookId),
    { what: 'the webhook in the read model' });
  return body;
};
const deliveries = async (webhookId: number) => (await max.request('GET', `/api/webhooks/${webhookId}/deliveries?limit=100`)).json().deliveries;

describe('outbound webhooks', () => {
  it('delivers subscribed lead events, signed with the secret, and no others', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { webhookId, secret } = await subscribe(receiver.url, ['LeadCreated']);
      const lead = (await max.request('POST', '/api/leads', newLead)).json().lead;
      await ann.request('PATCH', `/api/leads/${lead.id}`, { status: 'claimed' });
      await waitFor(() => receiver.received.length >= 1, { what: 'the delivery' });
      const got = receiver.received[0]!;
      expect(verifySignature(secret, got.body, got.headers['leadfloor-signature'] as string, new Date())).toEqual({ ok: true });
      expect(verifySignature('whsec_wrong', got.body, got.headers['leadfloor-signature'] as string, new Date()).ok).toBe(false);
      expect(JSON.parse(got.body)).toMatchObject({ event: 'LeadCreated', leadId: lead.id, data: { name: 'Hook Lead' } });
      expect(got.headers['leadfloor-event']).toBe('LeadCreated');
      const [d] = await waitFor(async () => {
        const list = await deliveries(webhookId);
        return list[0]?.status === 'delivered' ? list : undefined;
      }, { what: 'the delivery logged as delivered' });
      expect(d).toMatchObject({ eventType: 'LeadCreated', attempts: 1, lastStatusCode: 200, nextRetryAt: null });
      expect(await deliveries(webhookId)).toHaveLength(1); // the claim was not subscribed to
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with exponential backoff through the jobs, then records success', async () => {
    const receiver = await startWebhookReceiver([500, 503]);
    try {
      const { webhookId } = await subscribe(receiver.url, ['LeadCreated']);
      await max.request('POST', '/api/leads', { ...newLead, email: 'retry@example.com' });
      const [d] = await waitFor(async () => {
        const list = await deliveries(webhookId);
        return list[0]?.status === 'delivered' ? list : undefined;
      }, { what: 'the third attempt to succeed' });
      expect(d).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
      expect(receiver.received).toHaveLength(3);
      // The same event each time (receivers dedupe on its id), with waits that double.
      expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
      const [a, b, c] = receiver.received.map((r) => r.at);
      expect(b! - a!).toBeGreaterThanOrEqual(retry.delayMs);
      expect(c! - b!).toBeGreaterThanOrEqual(retry.delayMs * 2);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the last attempt and says why', async () => {
    const receiver = await startWebhookReceiver([500, 500, 500]);
    try {
      const { webhookId } = await subscribe(receiver.url, ['LeadCreated']);
      await max.request('POST', '/api/leads', { ...newLead, email: 'fails@example.com' });
      const [d] = await waitFor(async () => {
        const list = await deliveries(webhookId);
        return list[0]?.status === 'failed' ? list : undefined;
      }, { what: 'the delivery to fail for good' });
      expect(d).toMatchObject({ attempts: 3, lastStatusCode: 500, lastError: 'The receiver answered 500.', nextRetryAt: null });
    } finally {
      await receiver.close();
    }
  });

  it('sends a test delivery now and logs it; stops delivering once unsubscribed', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { webhookId } = await subscribe(receiver.url, ['LeadCreated']);
      const test = await max.request('POST', `/api/webhooks/${webhookId}/test`, {});
      expect(test.statusCode).toBe(200);
      expect(test.json().delivery).toMatchObject({ eventType: 'ping', status: 'delivered', attempts: 1, lastStatusCode: 200 });
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'ping', webhookId });
      expect((await max.request('DELETE', `/api/webhooks/${webhookId}`)).statusCode).toBe(200);
      expect((await max.request('POST', `/api/webhooks/${webhookId}/test`, {})).statusCode).toBe(409);
    } finally {
      await receiver.close();
    }
  });

  it('refuses private, link-local and malformed targets (SSRF), and keeps the secret encrypted', async () => {
    for (const url of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.1/', 'ftp://example.com/x', 'http://[fe80::1]/', 'not a url', 'http://user:pw@127.0.0.1/']) {
      const res = await max.request('POST', '/api/webhooks', { url, eventTypes: ['LeadCreated'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('webhook.url_refused');
    }
    const receiver = await startWebhookReceiver();
    try {
      const { webhookId, secret } = await subscribe(receiver.url, ['LeadClaimed']);
      const sealed = (await api.pool.query<{ secret: string }>('select secret from webhook_secrets where webhook_id = $1', [webhookId])).rows[0]!.secret;
      expect(sealed).not.toContain(secret.slice(6));
      const events = await api.pool.query<{ text: string }>(`select data::text as text from events where stream_id = $1`, [`webhook-${webhookId}`]);
      expect(events.rows.every((e) => !e.text.includes(secret))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('lets only managers subscribe, test, unsubscribe and read deliveries', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { webhookId } = await subscribe(receiver.url, ['LeadCreated']);
      expect((await ann.request('POST', '/api/webhooks', { url: receiver.url, eventTypes: ['LeadCreated'] })).statusCode).toBe(403);
      expect((await ann.request('POST', `/api/webhooks/${webhookId}/test`, {})).statusCode).toBe(403);
      expect((await ann.request('DELETE', `/api/webhooks/${webhookId}`)).statusCode).toBe(403);
      expect((await ann.request('GET', '/api/webhooks')).statusCode).toBe(403);
      expect((await ann.request('GET', `/api/webhooks/${webhookId}/deliveries`)).statusCode).toBe(403);
      expect((await max.request('GET', '/api/webhooks/999999/deliveries')).statusCode).toBe(404);
      expect((await max.request('DELETE', '/api/webhooks/999999')).statusCode).toBe(404);
      expect((await max.request('POST', '/api/webhooks', { url: receiver.url, eventTypes: [] })).statusCode).toBe(400);
      expect((await max.request('POST', '/api/webhooks', { url: receiver.url, eventTypes: ['Nope'] })).statusCode).toBe(400);
      // Cursors past an int id page to the end (nothing older); past a bigint they are no cursor at all.
      for (const path of ['/api/webhooks', '/api/lead-sources']) {
        expect((await max.request('GET', `${path}?cursor=4294967296`)).statusCode, path).toBe(200);
        expect((await max.request('GET', `${path}?cursor=9999999999999999999`)).statusCode, path).toBe(400);
      }
    } finally {
      await receiver.close();
    }
  });
});
