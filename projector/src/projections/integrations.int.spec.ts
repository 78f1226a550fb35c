import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { crmConnections, leadSources, outboundWebhooks } from './integrations';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
// Source 1: made signed, rotated unsigned, disabled, enabled. Source 2: made and disabled.
// Webhook 3: subscribed and unsubscribed; webhook 4 subscribed. Connection 5: connected, failed, connected again; 6: connected, disconnected.
const appends: [string, NewEvent[]][] = [
  ['lead_source-1', [{ type: 'LeadSourceCreated', data: { sourceId: 1, name: 'Website', signed: true, createdBy: 9, at: at(0) } }]],
  ['lead_source-2', [{ type: 'LeadSourceCreated', data: { sourceId: 2, name: 'Ads', signed: false, createdBy: 9, at: at(1) } }]],
  ['webhook-3', [{ type: 'WebhookSubscribed', data: { webhookId: 3, url: 'https://a.example/h', eventTypes: ['LeadCreated'], createdBy: 9, at: at(2) } }]],
  ['lead_source-1', [
    { type: 'LeadSourceRotated', data: { sourceId: 1, signed: false, rotatedBy: 9, at: at(3) } },
    { type: 'LeadSourceDisabled', data: { sourceId: 1, by: 9, at: at(4) } },
  ]],
  ['integration-5', [{ type: 'CrmConnected', data: { integrationId: 5, userId: 9, provider: 'hubspot', name: 'HubSpot', at: at(5) } }]],
  ['webhook-4', [{ type: 'WebhookSubscribed', data: { webhookId: 4, url: 'https://b.example/h', eventTypes: ['LeadClaimed', 'LeadScored'], createdBy: 9, at: at(6) } }]],
  ['webhook-3', [{ type: 'WebhookUnsubscribed', data: { webhookId: 3, by: 9, at: at(7) } }]],
  ['integration-5', [{ type: 'CrmConnectionFailed', data: { integrationId: 5, reason: 'Reconnect HubSpot.', at: at(8) } }]],
  ['integration-6', [
    { type: 'CrmConnected', data: { integrationId: 6, userId: 8, provider: 'hubspot', name: 'HubSpot', at: at(9) } },
    { type: 'CrmDisconnected', data: { integrationId: 6, by: 8, at: at(10) } },
  ]],
  ['lead_source-2', [{ type: 'LeadSourceDisabled', data: { sourceId: 2, by: 9, at: at(11) } }]],
  ['lead_source-1', [{ type: 'LeadSourceEnabled', data: { sourceId: 1, by: 9, at: at(12) } }]],
  ['integration-5', [{ type: 'CrmConnected', data: { integrationId: 5, userId: 9, provider: 'hubspot', name: 'HubSpot', at: at(13) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events, actorId: 9 })), [leadSources, outboundWebhooks, crmConnections]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('the integrations read models', () => {
  it('change nothing when events are applied twice, or redelivered in part', async () => {
    for (const p of [leadSources, outboundWebhooks, crmConnections]) {
      const once = await appliedHash(pool, p, events);
      expect(await appliedHash(pool, p, events)).toEqual(once);
      expect(await appliedHash(pool, p, events.slice(3), events.slice(7))).toEqual(once);
    }
  });

  it('hold each source, webhook and connection as its events leave it', async () => {
    for (const p of [leadSources, outboundWebhooks, crmConnections]) await appliedHash(pool, p, events);
    expect((await pool.query('select id, name, signed, enabled, rotated_at is not null as rotated, version from lead_sources_v1 order by id')).rows).toEqual([
      { id: 1, name: 'Website', signed: false, enabled: true, rotated: true, version: 4 },
      { id: 2, name: 'Ads', signed: false, enabled: false, rotated: false, version: 2 },
    ]);
    expect((await pool.query('select id, event_types, active, version from outbound_webhooks_v1 order by id')).rows).toEqual([
      { id: 3, event_types: ['LeadCreated'], active: false, version: 2 },
      { id: 4, event_types: ['LeadClaimed', 'LeadScored'], active: true, version: 1 },
    ]);
    expect((await pool.query('select id, user_id, status, error, version from crm_connections_v1 order by id')).rows).toEqual([
      { id: 5, user_id: 9, status: 'connected', error: null, version: 3 },
      { id: 6, user_id: 8, status: 'disconnected', error: null, version: 2 },
    ]);
  });
});
