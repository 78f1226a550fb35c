import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/** Lead events an outbound webhook can subscribe to. */
export const WebhookEventTypeSchema = z.enum([
  'LeadCreated', 'LeadClaimed', 'LeadReleased', 'LeadReassigned', 'LeadStatusChanged', 'LeadStageMoved',
  'LeadPriorityChanged', 'LeadScored', 'LeadTagsChanged', 'LeadDetailsEdited',
]);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
export const CrmProviderSchema = z.enum(['hubspot']);
export type CrmProvider = z.infer<typeof CrmProviderSchema>;

/**
 * Inbound lead sources (`lead_source-<id>`), outbound webhooks (`webhook-<id>`) and CRM
 * connections (`integration-<id>`). No secret is ever in these events: tokens, signing secrets
 * and OAuth tokens live encrypted in command-side tables; the events only say that a source
 * was made or rotated, whether it checks signatures, that a connection was made, failed or ended.
 * Who acted is also the envelope's actor.
 */
export const integrationEventSchemas = {
  LeadSourceCreated: z.object({ sourceId: id, name: z.string(), signed: z.boolean(), createdBy: id, at }),
  /** A new URL token (the old one stops working) and the signing rule after the rotation. */
  LeadSourceRotated: z.object({ sourceId: id, signed: z.boolean(), rotatedBy: id, at }),
  LeadSourceDisabled: z.object({ sourceId: id, by: id, at }),
  LeadSourceEnabled: z.object({ sourceId: id, by: id, at }),
  WebhookSubscribed: z.object({ webhookId: id, url: z.string(), eventTypes: z.array(WebhookEventTypeSchema), createdBy: id, at }),
  WebhookUnsubscribed: z.object({ webhookId: id, by: id, at }),
  CrmConnected: z.object({ integrationId: id, userId: id, provider: CrmProviderSchema, name: z.string(), at }),
  /** The provider refused (a token refresh failed, access revoked): the owner must reconnect. */
  CrmConnectionFailed: z.object({ integrationId: id, reason: z.string(), at }),
  CrmDisconnected: z.object({ integrationId: id, by: id, at }),
} as const;

export type IntegrationEventType = keyof typeof integrationEventSchemas;
export type IntegrationEvent = { [T in IntegrationEventType]: { type: T; data: z.infer<(typeof integrationEventSchemas)[T]> } }[IntegrationEventType];
