import { LeadTypeSchema } from '@leadfloor/events';
import { z } from 'zod';
import { IdQuerySchema } from './scalars';

// Names here start with "Funnel" but avoid analytics.ts's FunnelStep/FunnelRow/FunnelAnalytics
// (the lead funnel by source): these are the marketing funnels of /funnels.

export const FunnelStatusSchema = z.enum(['draft', 'active', 'paused', 'archived']);
export type FunnelStatus = z.infer<typeof FunnelStatusSchema>;

/** A split test's variants: `A` is the step's own page (the control), the others compete with it. */
export const FunnelVariantSchema = z.enum(['A', 'B', 'C', 'D']);
export type FunnelVariant = z.infer<typeof FunnelVariantSchema>;

/** A funnel's address: `/p/{slug}`. Lower-case letters, digits and single dashes. */
export const FunnelSlugSchema = z.string().trim().toLowerCase().min(3, 'At least 3 characters').max(60, 'At most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes');
/** A step's address inside its funnel: `/p/{slug}/{path}`; unique in the funnel. */
export const FunnelStepPathSchema = z.string().trim().toLowerCase().min(1, 'Give the step a path').max(60, 'At most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes');
const name = z.string().trim().min(1, 'Give it a name').max(120, 'At most 120 characters');
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** The builder's page JSON ({ root, content[] }); checked against the block library on save. */
export const FunnelPageContentSchema = z.unknown().meta({ description: "The builder's page JSON: { root, content[] } of the funnel block library." });
/** The largest page JSON one draft may hold. */
export const FUNNEL_PAGE_MAX_BYTES = 256 * 1024;

// ---- writes ------------------------------------------------------------------------------

/** POST /api/funnels. Without a slug one is made from the name. */
export const CreateFunnelBodySchema = z.strictObject({
  name, description: text(500).optional(), slug: FunnelSlugSchema.optional(),
  /** The type of the leads its forms make (default real_estate). */
  leadType: LeadTypeSchema.default('real_estate'),
});
export type CreateFunnelBody = z.input<typeof CreateFunnelBodySchema>;
/** PATCH /api/funnels/{id}: the funnel's details. */
export const EditFunnelBodySchema = z.strictObject({ name: name.optional(), description: text(500).optional(), slug: FunnelSlugSchema.optional(), leadType: LeadTypeSchema.optional() })
  .refine((b) => Object.keys(b).length > 0, 'Change at least one field');
export type EditFunnelBody = z.input<typeof EditFunnelBodySchema>;

/** PUT /api/funnels/{id}/metadata: what copy suggestions are written from. Every field replaces the stored one. */
export const FunnelMetadataSchema = z.strictObject({
  businessName: text(200), industry: text(200), targetAudience: text(1000), productFeatures: text(2000),
  valueProposition: text(1000), specialOffers: text(1000), brandVoice: text(500), ctaGoals: text(500),
});
export type FunnelMetadata = z.infer<typeof FunnelMetadataSchema>;

/** POST /api/funnels/{id}/steps: appended after the last step. */
export const AddFunnelStepBodySchema = z.strictObject({ name, path: FunnelStepPathSchema });
export type AddFunnelStepBody = z.input<typeof AddFunnelStepBodySchema>;
/** PATCH /api/funnels/{id}/steps/{stepId}: rename, or give it another path. */
export const EditFunnelStepBodySchema = z.strictObject({ name: name.optional(), path: FunnelStepPathSchema.optional() })
  .refine((b) => Object.keys(b).length > 0, 'Change at least one field');
export type EditFunnelStepBody = z.input<typeof EditFunnelStepBodySchema>;
/** POST /api/funnels/{id}/steps/{stepId}/move: its new 0-based place in the order. */
export const MoveFunnelStepBodySchema = z.strictObject({ position: z.number().int().min(0).max(99) });
export const FunnelStepParamsSchema = z.object({ id: IdQuerySchema, stepId: IdQuerySchema });

/** PUT /api/funnels/{id}/steps/{stepId}/draft: autosave of one page (variant A unless said). */
export const SaveFunnelDraftBodySchema = z.strictObject({ variant: FunnelVariantSchema.default('A'), content: FunnelPageContentSchema });
export type SaveFunnelDraftBody = z.input<typeof SaveFunnelDraftBodySchema>;
export const SavedFunnelDraftSchema = z.object({ hash: z.string(), version: z.number().int() });

/** Whole-number weights per variant, summing to 100; `A` always takes part. */
export const FunnelSplitWeightsSchema = z.partialRecord(FunnelVariantSchema, z.number().int().min(1).max(99))
  .refine((w) => w.A !== undefined, { message: 'Variant A (the current page) takes part', path: ['A'] })
  .refine((w) => Object.keys(w).length >= 2, 'Compare at least two variants')
  .refine((w) => Object.values(w).reduce((s, v) => s + (v ?? 0), 0) === 100, 'The weights add up to 100');
/** POST (start) and PUT (change weights) /api/funnels/{id}/steps/{stepId}/split-test. */
export const FunnelSplitTestBodySchema = z.strictObject({ weights: FunnelSplitWeightsSchema });
export type FunnelSplitTestBody = z.input<typeof FunnelSplitTestBodySchema>;
/** POST /api/funnels/{id}/steps/{stepId}/split-test/end: the winner's page becomes the step's page. */
export const EndFunnelSplitTestBodySchema = z.strictObject({ winner: FunnelVariantSchema });

/** Every funnel write answers the funnel stream's version (the read-your-writes token). */
export const FunnelWriteResultSchema = z.object({ funnelId: z.number().int(), version: z.number().int(), stepId: z.number().int().optional() });
export type FunnelWriteResult = z.infer<typeof FunnelWriteResultSchema>;
/** POST /api/funnels/{id}/publish: every step checked and rendered; the new published version. */
export const FunnelPublishResultSchema = FunnelWriteResultSchema.extend({ publishedVersion: z.number().int(), publishedUrl: z.string() });
/** A publish refused: each block that does not pass, by step and variant (400 `funnel.invalid_pages`). */
export const FunnelPageErrorSchema = z.object({
  stepId: z.number().int(), variant: FunnelVariantSchema, blockId: z.string().nullable(), field: z.string().nullable(), message: z.string(),
});
export type FunnelPageError = z.infer<typeof FunnelPageErrorSchema>;

// ---- reads -------------------------------------------------------------------------------

export const FunnelSummarySchema = z.object({
  id: z.number().int(), name: z.string(), description: z.string(), slug: z.string(), status: FunnelStatusSchema, leadType: LeadTypeSchema,
  ownerId: z.number().int(), ownerName: z.string(),
  steps: z.number().int(),
  /** Leads its forms made, and their share of unique visitors of the first step (percent, one decimal; null before any visit). */
  leads: z.number().int(), conversionPercent: z.number().nullable(),
  publishedVersion: z.number().int(), lastPublishedAt: z.string().nullable(), publishedUrl: z.string().nullable(),
  createdAt: z.string(), updatedAt: z.string(), version: z.number().int(),
});
export type FunnelSummary = z.infer<typeof FunnelSummarySchema>;
/** GET /api/funnels: a manager sees every funnel of the floor, anyone else their own; newest first, keyset-paged. */
export const FunnelListQuerySchema = z.strictObject({
  status: FunnelStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: IdQuerySchema.optional(),
});
export const FunnelListSchema = z.object({ funnels: z.array(FunnelSummarySchema), nextCursor: z.number().int().nullable() });
export type FunnelList = z.infer<typeof FunnelListSchema>;

/** GET /api/funnels/{id}: `minVersion` (a write's answer) waits up to 2 s for the read model to reach it. */
export const FunnelDetailQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
export const FunnelDraftSchema = z.object({ hash: z.string(), content: z.unknown(), savedAt: z.string() });
export const FunnelSplitTestSchema = z.object({
  weights: z.partialRecord(FunnelVariantSchema, z.number().int()), startedAt: z.string(),
});
export const FunnelStepViewSchema = z.object({
  id: z.number().int(), name: z.string(), path: z.string(), position: z.number().int(),
  /** The latest saved page of each variant. */
  drafts: z.partialRecord(FunnelVariantSchema, FunnelDraftSchema),
  /** The page hash each variant serves now (after the last publish); empty before one. */
  published: z.partialRecord(FunnelVariantSchema, z.string()),
  splitTest: FunnelSplitTestSchema.nullable(),
  /** Drafts saved since the last publish. */
  unpublishedChanges: z.boolean(),
});
export type FunnelStepView = z.infer<typeof FunnelStepViewSchema>;
/** GET /api/funnels/{id}: the builder's view (the owner and managers only). */
export const FunnelDetailSchema = FunnelSummarySchema.extend({
  metadata: FunnelMetadataSchema.nullable(),
  steps: z.array(FunnelStepViewSchema),
});
export type FunnelDetail = z.infer<typeof FunnelDetailSchema>;

// ---- analytics (GET /api/funnel-analytics) --------------------------------------------------

export const FunnelReportQuerySchema = z.strictObject({
  funnelId: IdQuerySchema.optional(),
  /** Calendar days in the floor's time zone; visits are counted per day. Default: the last 30 days. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
const funnelFigures = {
  visits: z.number().int(), uniqueVisitors: z.number().int(), submissions: z.number().int(),
  /** Submissions per unique visitor, percent to one decimal; null without visitors. */
  conversionPercent: z.number().nullable(),
  leads: z.number().int(), sales: z.number().int(), revenueCents: z.number().int(),
};
export const FunnelFiguresSchema = z.object(funnelFigures);
export const FunnelSplitVerdictSchema = z.object({
  /** `not_enough_data` below `minVisitors` unique visitors in some variant. */
  verdict: z.enum(['not_enough_data', 'no_clear_winner', 'winner']),
  winner: FunnelVariantSchema.nullable(),
  /** Two-sided p-value of the two-proportion z-test of the best variant against A. */
  pValue: z.number().nullable(),
  minVisitors: z.number().int(),
});
export type FunnelSplitVerdict = z.infer<typeof FunnelSplitVerdictSchema>;
export const FunnelReportStepSchema = z.object({
  stepId: z.number().int(), name: z.string(), path: z.string(), position: z.number().int(), ...funnelFigures,
  variants: z.array(z.object({ variant: FunnelVariantSchema, ...funnelFigures })),
  splitTest: FunnelSplitVerdictSchema.nullable(),
});
export const FunnelReportRowSchema = z.object({
  funnelId: z.number().int(), name: z.string(), slug: z.string(), status: FunnelStatusSchema, ...funnelFigures,
  steps: z.array(FunnelReportStepSchema),
});
export const FunnelReportSchema = z.object({
  from: z.string(), to: z.string(), timeZone: z.string(),
  funnels: z.array(FunnelReportRowSchema),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

// ---- the public side ----------------------------------------------------------------------

/** POST /f/{slug}/submit: 202 for a script's submit (a browser form without one gets 303 to the next step). */
export const FunnelSubmitAcceptedSchema = z.object({ accepted: z.literal(true), next: z.string().nullable() });
/** 400 of a submit: each field the published form refuses. */
export const FunnelSubmitErrorsSchema = z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })) });
/** The largest form submission; a larger one is answered 413. */
export const FUNNEL_SUBMIT_MAX_BYTES = 16 * 1024;
