import { z } from 'zod';
import { FunnelOriginSchema } from './funnel-origin';
import { leadOfferEventSchemas } from './lead-offer-events';

export const LeadTypeSchema = z.enum(['real_estate', 'finance', 'forex']);
export const LeadStatusSchema = z.enum(['available', 'claimed', 'contacted', 'qualified', 'sold', 'lost']);
export const LeadStageSchema = z.enum(['new', 'discovery', 'proposal', 'negotiation', 'closed']);
export const LeadPrioritySchema = z.enum(['low', 'medium', 'high']);
export const LeadSourceSchema = z.enum(['website', 'referral', 'advertisement', 'cold_call', 'social_media', 'other']);
export type LeadType = z.infer<typeof LeadTypeSchema>;
export type LeadStatus = z.infer<typeof LeadStatusSchema>;
export type LeadStage = z.infer<typeof LeadStageSchema>;
export type LeadPriority = z.infer<typeof LeadPrioritySchema>;
export type LeadSource = z.infer<typeof LeadSourceSchema>;
/** Why a lead went back to the pool: by someone's hand, or by the floor's auto-release rule. */
export const ReleaseReasonSchema = z.enum(['manual', 'auto_release']);
export type ReleaseReason = z.infer<typeof ReleaseReasonSchema>;

const at = z.iso.datetime({ offset: true });

/** A stored custom field value: text and select as strings, dates as YYYY-MM-DD, numbers and booleans as themselves. */
export const CustomFieldValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;
/** The contact details an edit (or an import's update) may change. */
export const LeadDetailChangesSchema = z.object({
  name: z.string().optional(), email: z.string().optional(), phone: z.string().optional(), address: z.string().nullable().optional(),
  city: z.string().optional(), state: z.string().optional(), source: LeadSourceSchema.nullable().optional(), notes: z.string().nullable().optional(),
});
export type LeadDetailChanges = z.infer<typeof LeadDetailChangesSchema>;

export const leadEventSchemas = {
  LeadCreated: z.object({
    leadId: z.number().int().positive(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    leadType: LeadTypeSchema,
    source: LeadSourceSchema.nullable(),
    notes: z.string().nullable(),
    createdBy: z.number().int().nullable(),
    // Where a marketing funnel or ad platform says the lead came from (its utm_source) and the
    // campaign that brought it (utm_campaign); absent on leads made by hand, and on every lead
    // made before leads carried them.
    funnelSource: z.string().nullable().optional(),
    funnelCampaignId: z.string().nullable().optional(),
    // A lead a funnel's form made: the funnel, step, variant and submission, and the visitor's touches.
    funnelOrigin: FunnelOriginSchema.optional(),
    // A bulk-created lead the floor's drip holds back until then (managers see it; LeadDripReleased lets it in).
    releaseAt: at.optional(),
    at,
  }),
  LeadClaimed: z.object({ leadId: z.number().int(), userId: z.number().int(), at }),
  // Schema version 2 (see upcastLeadReleasedV1): `reason` and `policyVersion` (the pool policy's
  // version an auto-release acted under); `releasedBy` is null when no person released it. The
  // defaults read an appender that still writes the first shape as the manual release it is.
  LeadReleased: z.object({
    leadId: z.number().int(),
    userId: z.number().int(),
    releasedBy: z.number().int().nullable(),
    reason: ReleaseReasonSchema.default('manual'),
    policyVersion: z.number().int().nullable().default(null),
    at,
  }),
  // A manager moves a held lead from one agent to another in one step: a release followed by a
  // claim would show the new holder "claiming" a lead that was never available, and would award
  // claim points for work they did not do.
  LeadReassigned: z.object({
    leadId: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
    reassignedBy: z.number().int(),
    at,
  }),
  LeadStatusChanged: z.object({ leadId: z.number().int(), from: LeadStatusSchema, to: LeadStatusSchema, at }),
  LeadStageMoved: z.object({ leadId: z.number().int(), from: LeadStageSchema, to: LeadStageSchema, at }),
  LeadPriorityChanged: z.object({ leadId: z.number().int(), from: LeadPrioritySchema, to: LeadPrioritySchema, at }),
  LeadScored: z.object({ leadId: z.number().int(), score: z.number().int().min(0).max(100), at }),
  LeadTagsChanged: z.object({ leadId: z.number().int(), tags: z.array(z.string()), at }),
  FollowUpScheduled: z.object({ leadId: z.number().int(), due: at, at }),
  FollowUpCleared: z.object({ leadId: z.number().int(), at }),
  // A manager takes a lead out of the floor's auto-release rule, or puts it back under it (its
  // clock then starts again at `at`).
  LeadAutoReleaseExempted: z.object({ leadId: z.number().int(), exemptedBy: z.number().int(), at }),
  LeadAutoReleaseExemptionLifted: z.object({ leadId: z.number().int(), liftedBy: z.number().int(), at }),
  // The holder was told the lead goes back to the pool at `releaseAt` unless they reach the customer.
  LeadAutoReleaseWarned: z.object({
    leadId: z.number().int(), userId: z.number().int(), releaseAt: at, policyVersion: z.number().int(), at,
  }),
  // Only what changed; an import's undo appends the values from before as another edit.
  LeadDetailsEdited: z.object({ leadId: z.number().int(), changes: LeadDetailChangesSchema, at }),
  // The custom field values that changed, by field name; null: the value was cleared.
  LeadCustomFieldsChanged: z.object({ leadId: z.number().int(), values: z.record(z.string(), CustomFieldValueSchema.nullable()), at }),
  // The lead came from a bulk import (row `row` of the file), right after its LeadCreated.
  LeadImported: z.object({ leadId: z.number().int(), importId: z.number().int(), row: z.number().int(), at }),
  // The lead leaves the floor: an import that made it was undone before anyone worked it.
  LeadWithdrawn: z.object({ leadId: z.number().int(), importId: z.number().int().nullable(), by: z.number().int(), at }),
  ...leadOfferEventSchemas,
} as const;

/** LeadReleased as first stored: always by a person's hand. */
export const upcastLeadReleasedV1 = (data: unknown) => ({ ...(data as object), reason: 'manual', policyVersion: null });

export type LeadEventType = keyof typeof leadEventSchemas;
/** One lead event as the lead's decider and fold see it (data already parsed/upcast). */
export type LeadEvent = {
  [T in LeadEventType]: { type: T; data: z.infer<(typeof leadEventSchemas)[T]> };
}[LeadEventType];
