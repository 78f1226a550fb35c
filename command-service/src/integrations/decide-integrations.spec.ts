import type { IntegrationEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import type { Aggregate } from '../shared/handle-command';
import { crmConnectionAggregate } from './crm-connection';
import { leadSourceAggregate } from './lead-source';
import { webhookAggregate } from './outbound-webhook';

const at = '2026-03-01T10:00:00.000Z';
const max: Actor = { id: 1, role: 'manager', teamId: null };
const olga: Actor = { id: 2, role: 'manager', teamId: 9 };
const ann: Actor = { id: 5, role: 'agent', teamId: 3 };

/** given(events).when(command).then(events) or .thenRefuses(kind, code), against one aggregate. */
const scenario = <S, C>(aggregate: Aggregate<S, C, IntegrationEvent>) => (...events: IntegrationEvent[]) => ({
  when: (c: C) => {
    const state = events.reduce(aggregate.evolve, aggregate.initialState());
    return {
      then: (expected: IntegrationEvent[]) => expect(aggregate.decide(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => aggregate.decide(c, state)).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});

describe('lead sources', () => {
  const given = scenario(leadSourceAggregate as Aggregate<unknown, Parameters<typeof leadSourceAggregate.decide>[0], IntegrationEvent>);
  const made: IntegrationEvent = { type: 'LeadSourceCreated', data: { sourceId: 4, name: 'Website', signed: true, createdBy: 1, at } };

  it('lets a manager make a source, saying whether it checks signatures', () =>
    given().when({ type: 'CreateLeadSource', data: { sourceId: 4, name: '  Website ', signed: true }, meta: { now: at, actor: max } }).then([made]));
  it('refuses agents', () =>
    given().when({ type: 'CreateLeadSource', data: { sourceId: 4, name: 'Mine', signed: false }, meta: { now: at, actor: ann } })
      .thenRefuses('Forbidden', 'integrations.manager_only'));
  it('refuses a blank name', () =>
    given().when({ type: 'CreateLeadSource', data: { sourceId: 4, name: '   ', signed: false }, meta: { now: at, actor: max } })
      .thenRefuses('RuleViolation', 'lead_source.name_empty'));
  it('rotates a source, and says whether it is signed afterwards', () =>
    given(made).when({ type: 'RotateLeadSource', data: { signed: false }, meta: { now: at, actor: olga } })
      .then([{ type: 'LeadSourceRotated', data: { sourceId: 4, signed: false, rotatedBy: 2, at } }]));
  it('disables once: disabling a disabled source changes nothing', () => {
    given(made).when({ type: 'SetLeadSourceEnabled', data: { enabled: false }, meta: { now: at, actor: max } })
      .then([{ type: 'LeadSourceDisabled', data: { sourceId: 4, by: 1, at } }]);
    given(made, { type: 'LeadSourceDisabled', data: { sourceId: 4, by: 1, at } })
      .when({ type: 'SetLeadSourceEnabled', data: { enabled: false }, meta: { now: at, actor: max } }).then([]);
  });
  it('answers NotFound for a source never made', () =>
    given().when({ type: 'RotateLeadSource', data: { signed: false }, meta: { now: at, actor: max } }).thenRefuses('NotFound', 'lead_source.not_found'));
});

describe('outbound webhooks', () => {
  const given = scenario(webhookAggregate as Aggregate<unknown, Parameters<typeof webhookAggregate.decide>[0], IntegrationEvent>);
  const url = 'https://hooks.example.com/leadfloor';
  it('subscribes a URL to the chosen events, once each', () =>
    given().when({ type: 'SubscribeWebhook', data: { webhookId: 3, url, eventTypes: ['LeadCreated', 'LeadCreated', 'LeadClaimed'] }, meta: { now: at, actor: max } })
      .then([{ type: 'WebhookSubscribed', data: { webhookId: 3, url, eventTypes: ['LeadCreated', 'LeadClaimed'], createdBy: 1, at } }]));
  it('refuses no events, and agents', () => {
    given().when({ type: 'SubscribeWebhook', data: { webhookId: 3, url, eventTypes: [] }, meta: { now: at, actor: max } }).thenRefuses('RuleViolation', 'webhook.no_events');
    given().when({ type: 'SubscribeWebhook', data: { webhookId: 3, url, eventTypes: ['LeadCreated'] }, meta: { now: at, actor: ann } }).thenRefuses('Forbidden', 'integrations.manager_only');
  });
  it('unsubscribes once', () => {
    const sub: IntegrationEvent = { type: 'WebhookSubscribed', data: { webhookId: 3, url, eventTypes: ['LeadCreated'], createdBy: 1, at } };
    const gone: IntegrationEvent = { type: 'WebhookUnsubscribed', data: { webhookId: 3, by: 2, at } };
    given(sub).when({ type: 'UnsubscribeWebhook', data: {}, meta: { now: at, actor: olga } }).then([gone]);
    given(sub, gone).when({ type: 'UnsubscribeWebhook', data: {}, meta: { now: at, actor: olga } }).then([]);
  });
});

describe('CRM connections', () => {
  const given = scenario(crmConnectionAggregate as Aggregate<unknown, Parameters<typeof crmConnectionAggregate.decide>[0], IntegrationEvent>);
  const connected: IntegrationEvent = { type: 'CrmConnected', data: { integrationId: 6, userId: 1, provider: 'hubspot', name: 'HubSpot', at } };
  const connect = (actor: Actor) => ({ type: 'ConnectCrm' as const, data: { integrationId: 6, provider: 'hubspot' as const, name: 'HubSpot' }, meta: { now: at, actor } });
  const failed: IntegrationEvent = { type: 'CrmConnectionFailed', data: { integrationId: 6, reason: 'Reconnect HubSpot.', at } };

  it("connects a manager's own CRM, and reconnects it", () => {
    given().when(connect(max)).then([connected]);
    given(connected, failed).when(connect(max)).then([connected]);
  });
  it("refuses agents, and another manager's connection", () => {
    given().when(connect(ann)).thenRefuses('Forbidden', 'integrations.manager_only');
    given(connected).when(connect(olga)).thenRefuses('Forbidden', 'integrations.not_owner');
    given(connected).when({ type: 'DisconnectCrm', data: {}, meta: { now: at, actor: olga } }).thenRefuses('Forbidden', 'integrations.not_owner');
  });
  it('marks a connected one failed once, with the reason; a disconnected one not at all', () => {
    given(connected).when({ type: 'FailCrmConnection', data: { reason: 'Reconnect HubSpot.' }, meta: { now: at } }).then([failed]);
    given(connected, failed).when({ type: 'FailCrmConnection', data: { reason: 'again' }, meta: { now: at } }).then([]);
    given(connected, { type: 'CrmDisconnected', data: { integrationId: 6, by: 1, at } })
      .when({ type: 'FailCrmConnection', data: { reason: 'late' }, meta: { now: at } }).then([]);
  });
  it('disconnects once', () => {
    given(connected).when({ type: 'DisconnectCrm', data: {}, meta: { now: at, actor: max } }).then([{ type: 'CrmDisconnected', data: { integrationId: 6, by: 1, at } }]);
    given().when({ type: 'DisconnectCrm', data: {}, meta: { now: at, actor: max } }).thenRefuses('NotFound', 'integration.not_found');
  });
});
