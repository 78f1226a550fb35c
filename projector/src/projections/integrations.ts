import { isEventType, parseEventData, type IntegrationEvent, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

const eventOf = (e: RecordedEvent) =>
  (isEventType(e.type) ? { type: e.type, data: parseEventData(e.type, e.data, e.metadata.schemaVersion) } : null) as IntegrationEvent | null;
const idAfter = (prefix: string) => (e: RecordedEvent) => (e.streamId.startsWith(prefix) ? Number(e.streamId.slice(prefix.length)) : null);

/** Inbound lead sources as /integrations lists them (never a token or secret: those stay on the command side). */
export type LeadSourceRow = {
  id: number; name: string; signed: boolean; enabled: boolean; created_by: number; created_at: string; rotated_at: string | null; version: number;
};
export const leadSources = rowProjection<LeadSourceRow>({
  name: 'lead_sources_v1',
  table: 'lead_sources_v1',
  keyColumn: 'id',
  handles: ['LeadSourceCreated', 'LeadSourceRotated', 'LeadSourceDisabled', 'LeadSourceEnabled'],
  keyOf: idAfter('lead_source-'),
  reduce(row, e) {
    const ev = eventOf(e);
    if (ev?.type === 'LeadSourceCreated') {
      const d = ev.data;
      return { id: d.sourceId, name: d.name, signed: d.signed, enabled: true, created_by: d.createdBy, created_at: d.at, rotated_at: null, version: 0 };
    }
    if (!row || !ev) return row;
    switch (ev.type) {
      case 'LeadSourceRotated': return { ...row, signed: ev.data.signed, rotated_at: ev.data.at };
      case 'LeadSourceDisabled': return { ...row, enabled: false };
      case 'LeadSourceEnabled': return { ...row, enabled: true };
      default: return row;
    }
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (
      id int primary key, name text not null, signed boolean not null, enabled boolean not null, created_by int not null,
      created_at timestamptz not null, rotated_at timestamptz, version int not null)`);
  },
});

/** Outbound webhooks: the list, and what the delivery reactor matches lead events against. */
export type WebhookRow = {
  id: number; url: string; event_types: string[]; active: boolean; created_by: number; created_at: string; version: number;
};
export const outboundWebhooks = rowProjection<WebhookRow>({
  name: 'outbound_webhooks_v1',
  table: 'outbound_webhooks_v1',
  keyColumn: 'id',
  handles: ['WebhookSubscribed', 'WebhookUnsubscribed'],
  keyOf: idAfter('webhook-'),
  reduce(row, e) {
    const ev = eventOf(e);
    if (ev?.type === 'WebhookSubscribed') {
      const d = ev.data;
      return { id: d.webhookId, url: d.url, event_types: d.eventTypes, active: true, created_by: d.createdBy, created_at: d.at, version: 0 };
    }
    return row && ev?.type === 'WebhookUnsubscribed' ? { ...row, active: false } : row;
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (
      id int primary key, url text not null, event_types text[] not null, active boolean not null, created_by int not null,
      created_at timestamptz not null, version int not null);
      create index on "${t}" using gin (event_types) where active`);
  },
});

/** CRM connections (spec `integrations`: userId, provider, name, connectionStatus, error); tokens never here. */
export type CrmConnectionRow = {
  id: number; user_id: number; provider: string; name: string; status: 'connected' | 'disconnected' | 'error'; error: string | null;
  connected_at: string; version: number;
};
export const crmConnections = rowProjection<CrmConnectionRow>({
  name: 'crm_connections_v1',
  table: 'crm_connections_v1',
  keyColumn: 'id',
  handles: ['CrmConnected', 'CrmConnectionFailed', 'CrmDisconnected'],
  keyOf: idAfter('integration-'),
  reduce(row, e) {
    const ev = eventOf(e);
    if (ev?.type === 'CrmConnected') {
      const d = ev.data;
      return { id: d.integrationId, user_id: d.userId, provider: d.provider, name: d.name, status: 'connected', error: null, connected_at: d.at, version: 0 };
    }
    if (!row || !ev) return row;
    if (ev.type === 'CrmConnectionFailed') return { ...row, status: 'error', error: ev.data.reason };
    if (ev.type === 'CrmDisconnected') return { ...row, status: 'disconnected', error: null };
    return row;
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (
      id int primary key, user_id int not null, provider text not null, name text not null, status text not null, error text,
      connected_at timestamptz not null, version int not null);
      create unique index on "${t}" (user_id, provider)`);
  },
});
