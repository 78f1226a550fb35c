import { z } from 'zod';
import { FunnelVariantKeySchema } from './funnel-origin';
import { LeadTypeSchema } from './lead-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
const by = z.number().int().nullable();

/** A page's content address: the SHA-256 of its canonical JSON, in hex; the body is in `page_contents`. */
export const PageHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
const weights = z.partialRecord(FunnelVariantKeySchema, z.number().int());

export const FunnelMetadataFieldsSchema = z.object({
  businessName: z.string(), industry: z.string(), targetAudience: z.string(), productFeatures: z.string(),
  valueProposition: z.string(), specialOffers: z.string(), brandVoice: z.string(), ctaGoals: z.string(),
});


/**
 * A marketing funnel's stream (`funnel-<id>`): its details, its ordered steps (paths unique in
 * the funnel), the pages saved and published (as content hashes: page bodies live in the
 * insert-only `page_contents` table), split tests of one step, and its life (paused, resumed,
 * archived). Visits never come here (a daily-aggregated table); the leads its forms make are
 * LeadCreated events with an origin on their own streams.
 */
export const funnelEventSchemas = {
  // `leadType`: the type of the leads its forms make.
  FunnelCreated: z.object({ funnelId: id, name: z.string(), description: z.string(), slug: z.string(), leadType: LeadTypeSchema, ownerId: id, at }),
  FunnelDetailsEdited: z.object({
    funnelId: id, changes: z.object({ name: z.string().optional(), description: z.string().optional(), slug: z.string().optional(), leadType: LeadTypeSchema.optional() }), by, at,
  }),
  FunnelMetadataEdited: z.object({ funnelId: id, metadata: FunnelMetadataFieldsSchema, by, at }),
  FunnelStepAdded: z.object({ funnelId: id, stepId: id, name: z.string(), path: z.string(), position: z.number().int(), by, at }),
  FunnelStepRenamed: z.object({ funnelId: id, stepId: id, name: z.string(), path: z.string(), by, at }),
  FunnelStepMoved: z.object({ funnelId: id, stepId: id, from: z.number().int(), to: z.number().int(), by, at }),
  FunnelStepRemoved: z.object({ funnelId: id, stepId: id, by, at }),
  FunnelDraftSaved: z.object({ funnelId: id, stepId: id, variant: FunnelVariantKeySchema, hash: PageHashSchema, by, at }),
  // The site as it goes live: its address and title, the steps in order and every saved page of
  // each; the projector renders each page to static HTML from this alone.
  FunnelPublished: z.object({
    funnelId: id, publishedVersion: z.number().int().positive(), slug: z.string(), title: z.string(),
    steps: z.array(z.object({ stepId: id, name: z.string(), path: z.string() })),
    pages: z.array(z.object({ stepId: id, variant: FunnelVariantKeySchema, hash: PageHashSchema })), by, at,
  }),
  FunnelSplitTestStarted: z.object({ funnelId: id, stepId: id, weights, by, at }),
  FunnelSplitTestChanged: z.object({ funnelId: id, stepId: id, weights, by, at }),
  // The winner's page becomes the step's own (variant A), live at once.
  FunnelSplitTestEnded: z.object({ funnelId: id, stepId: id, winner: FunnelVariantKeySchema, promotedHash: PageHashSchema.nullable(), by, at }),
  FunnelPaused: z.object({ funnelId: id, by, at }),
  FunnelResumed: z.object({ funnelId: id, by, at }),
  FunnelArchived: z.object({ funnelId: id, by, at }),
} as const;

export type FunnelEventType = keyof typeof funnelEventSchemas;
export type FunnelEvent = { [T in FunnelEventType]: { type: T; data: z.infer<(typeof funnelEventSchemas)[T]> } }[FunnelEventType];
