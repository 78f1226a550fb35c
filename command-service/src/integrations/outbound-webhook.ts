import { streamIdOf, type IntegrationEvent, type WebhookEventType } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';

type WebhookEvent = Extract<IntegrationEvent, { type: `Webhook${string}` }>;
export type WebhookState =
  | { exists: false }
  | { exists: true; id: number; url: string; eventTypes: WebhookEventType[]; active: boolean; createdBy: number };

type Meta = { now: string; actor: Actor };
/** `url` was checked against the target rule (webhook-targets.ts) by the route: that needs DNS. */
export type WebhookCommand =
  | { type: 'SubscribeWebhook'; data: { webhookId: number; url: string; eventTypes: WebhookEventType[] }; meta: Meta }
  | { type: 'UnsubscribeWebhook'; data: Record<string, never>; meta: Meta };

export const webhookStream = (id: number) => streamIdOf('webhook', id);

function evolve(s: WebhookState, e: WebhookEvent): WebhookState {
  if (e.type === 'WebhookSubscribed') {
    const d = e.data;
    return { exists: true, id: d.webhookId, url: d.url, eventTypes: d.eventTypes, active: true, createdBy: d.createdBy };
  }
  return s.exists ? { ...s, active: false } : s;
}

function decide(c: WebhookCommand, s: WebhookState): WebhookEvent[] {
  const { now: at, actor } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('integrations.manager_only', 'Only a manager subscribes webhooks.');
  if (c.type === 'SubscribeWebhook') {
    if (s.exists) throw new RuleViolation('webhook.exists', 'This webhook was already made.');
    const eventTypes = [...new Set(c.data.eventTypes)];
    if (eventTypes.length === 0) throw new RuleViolation('webhook.no_events', 'Choose at least one event to send.');
    return [{ type: 'WebhookSubscribed', data: { webhookId: c.data.webhookId, url: c.data.url, eventTypes, createdBy: actor.id, at } }];
  }
  if (!s.exists) throw new NotFound('webhook.not_found', 'No such webhook.');
  if (!s.active) return [];
  return [{ type: 'WebhookUnsubscribed', data: { webhookId: s.id, by: actor.id, at } }];
}

export const webhookAggregate: Aggregate<WebhookState, WebhookCommand, WebhookEvent> = {
  streamType: 'webhook', initialState: () => ({ exists: false }), evolve, decide,
};
