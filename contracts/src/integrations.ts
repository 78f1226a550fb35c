import { z } from 'zod';
import { CrmProviderSchema, WebhookEventTypeSchema } from '@leadfloor/events';
import { CreateLeadBodySchema, CreateLeadFormSchema, FunnelAttributionSchema } from './leads';
import { INT32_MAX } from './scalars';

export { CrmProviderSchema, WebhookEventTypeSchema };

/** Keyset pages of the integration lists: `cursor` is the last id of the page before. */
export const IntegrationPageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  // Ids are bigints at most (the logs'); a larger number is no cursor a page ever gave. (The
  // refinement runs after a failed pattern too, so it reads only digits.)
  cursor: z.string().refine((v) => /^\d{1,19}$/.test(v) && BigInt(v) <= 9_223_372_036_854_775_807n, 'A cursor from a previous page').optional(),
});
/** A list read right after a write: waits (bounded) until the row `awaitId` reflects `minVersion` (read-your-writes). */
export const IntegrationListQuerySchema = IntegrationPageQuerySchema.extend({
  awaitId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  minVersion: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});
export const AwaitVersionQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).max(INT32_MAX).optional() });
export const IntegrationIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

/** An HMAC signing secret a manager chooses (or the console generates): long enough to resist guessing. */
export const SigningSecretSchema = z.string().min(16, 'At least 16 characters').max(200).regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces');

// --- Inbound lead sources -----------------------------------------------------------------
export const CreateLeadSourceBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(80),
  /** Set: every request must carry a valid `LeadFloor-Signature` made with it. */
  signingSecret: SigningSecretSchema.nullable().optional(),
});
export type CreateLeadSourceBody = z.input<typeof CreateLeadSourceBodySchema>;
export const RotateLeadSourceBodySchema = z.strictObject({ signingSecret: SigningSecretSchema.nullable().optional() });
/** The URL token, shown this once (only its hash is kept): `path` is relative to the site. */
export const LeadSourceSecretResponseSchema = z.object({ sourceId: z.number().int(), path: z.string(), version: z.number().int() });
export const LeadSourceWriteResponseSchema = z.object({ version: z.number().int() });

export const InboundSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  signed: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  received: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  lastReceivedAt: z.string().nullable(),
});
export type InboundSource = z.infer<typeof InboundSourceSchema>;
export const LeadSourcesResponseSchema = z.object({ sources: z.array(InboundSourceSchema), nextCursor: z.string().nullable() });

/**
 * POST /api/hooks/leads/{token}: the add-lead form's fields (and custom field values), and an optional `externalId` (the
 * sender's id of the lead): a second delivery with the same one is accepted and changes nothing.
 * Without it, the body's own hash is the id (an identical resend is a no-op).
 */
export const InboundLeadBodySchema = z.strictObject({
  ...CreateLeadFormSchema.shape,
  ...FunnelAttributionSchema.shape,
  /** The ad platforms' names for the funnel source and campaign, taken when funnelSource / funnelCampaignId are not given. */
  utm_source: FunnelAttributionSchema.shape.funnelSource,
  utm_campaign: FunnelAttributionSchema.shape.funnelCampaignId,
  externalId: z.string().trim().min(1).max(200).optional(),
  /** Values of the floor's custom fields for the lead's type, by field name, as on POST /api/leads. */
  customFields: CreateLeadBodySchema.shape.customFields,
});
export const InboundLeadAcceptedSchema = z.object({ accepted: z.literal(true), duplicate: z.boolean(), receiptId: z.string() });

export const InboxStateSchema = z.enum(['received', 'created', 'failed']);
export const InboxEntrySchema = z.object({
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  receivedAt: z.string(),
  state: InboxStateSchema,
  leadId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;
export const InboxResponseSchema = z.object({ entries: z.array(InboxEntrySchema), nextCursor: z.string().nullable() });

// --- Outbound webhooks --------------------------------------------------------------------
export const CreateWebhookBodySchema = z.strictObject({
  url: z.string().trim().min(1, 'URL is required').max(2000),
  eventTypes: z.array(WebhookEventTypeSchema).min(1, 'Choose at least one event').max(WebhookEventTypeSchema.options.length),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;
/** The signing secret, shown this once (kept encrypted, used to sign every delivery). */
export const WebhookCreatedResponseSchema = z.object({ webhookId: z.number().int(), secret: z.string(), version: z.number().int() });
export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  active: z.boolean(),
  createdAt: z.string(),
  delivered: z.number().int(),
  failing: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhooksResponseSchema = z.object({ webhooks: z.array(WebhookSchema), nextCursor: z.string().nullable() });

export const DeliveryStatusSchema = z.enum(['pending', 'delivered', 'retrying', 'failed']);
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveriesResponseSchema = z.object({ deliveries: z.array(WebhookDeliverySchema), nextCursor: z.string().nullable() });
export const WebhookTestResponseSchema = z.object({ delivery: WebhookDeliverySchema });

// --- CRM connections ----------------------------------------------------------------------
export const ConnectionStatusSchema = z.enum(['connected', 'disconnected', 'error']);
export const CrmConnectionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  status: ConnectionStatusSchema,
  /** Why it is in error (a token refresh HubSpot refused): reconnect to fix it. */
  error: z.string().nullable(),
  connectedAt: z.string(),
  lastSyncedAt: z.string().nullable(),
});
export type CrmConnection = z.infer<typeof CrmConnectionSchema>;
export const CrmProviderStatusSchema = z.object({
  provider: CrmProviderSchema,
  /** The deployment has the provider's app credentials (HUBSPOT_CLIENT_ID / _SECRET). */
  configured: z.boolean(),
  /** The signed-in manager's own connection. */
  connection: CrmConnectionSchema.nullable(),
});
export const IntegrationsResponseSchema = z.object({ providers: z.array(CrmProviderStatusSchema) });
export const CrmProviderParamsSchema = z.object({ provider: CrmProviderSchema });
export const ConnectCrmBodySchema = z.strictObject({ redirectUri: z.url().max(2000) });
export const ConnectCrmResponseSchema = z.object({ authorizeUrl: z.string() });
export const CrmCallbackBodySchema = z.strictObject({ code: z.string().min(1).max(2000), state: z.string().min(16).max(200) });
export const CrmWriteResponseSchema = z.object({ version: z.number().int() });
export const SyncNowResponseSchema = z.object({ leadCount: z.number().int(), created: z.number().int(), updated: z.number().int() });
export const SyncLogEntrySchema = z.object({
  id: z.string(),
  trigger: z.enum(['lead_change', 'sync_now']),
  startedAt: z.string(),
  finishedAt: z.string(),
  leadCount: z.number().int(),
  status: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
});
export type SyncLogEntry = z.infer<typeof SyncLogEntrySchema>;
export const SyncLogResponseSchema = z.object({ entries: z.array(SyncLogEntrySchema), nextCursor: z.string().nullable() });
