import { z } from 'zod';

const id = z.number().int().positive();

export const FunnelVariantKeySchema = z.enum(['A', 'B', 'C', 'D']);
export type FunnelVariantKey = z.infer<typeof FunnelVariantKeySchema>;

/**
 * Where a form's lead came from, on its LeadCreated: the funnel, step and variant it was shown,
 * the submission that made it, UTM first and last touch, the ad click ids and the landing path.
 */
const touch = z.object({
  source: z.string().nullable(), medium: z.string().nullable(), campaign: z.string().nullable(),
  term: z.string().nullable(), content: z.string().nullable(),
});
export const FunnelOriginSchema = z.object({
  funnelId: id, stepId: id, variant: FunnelVariantKeySchema, submissionId: z.string(),
  firstTouch: touch.nullable(), lastTouch: touch.nullable(),
  gclid: z.string().nullable(), fbclid: z.string().nullable(), ttclid: z.string().nullable(),
  landingPath: z.string().nullable(),
});
export type FunnelOrigin = z.infer<typeof FunnelOriginSchema>;
export type FunnelTouch = z.infer<typeof touch>;
