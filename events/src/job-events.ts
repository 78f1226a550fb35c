import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
const text = z.string();

/** A file a job or an application carries: its stored id and what it is (the bytes stay out of the log). */
export const closerFileRefSchema = z.object({
  id: z.uuid(), name: z.string(), contentType: z.string(), size: z.number().int().nonnegative(),
});

/**
 * The fields of a job (spec job_opportunities) as the events hold them. Money is integer cents;
 * `commissionRate` a percentage 0-100.
 */
export const jobFieldsSchema = z.object({
  title: text, description: text, companyName: text, productName: text,
  salesPrice: z.number().int().nonnegative(), commissionRate: z.number().min(0).max(100),
  location: text, type: z.enum(['full_time', 'part_time', 'contract', 'commission_only']),
  companyWebsite: text.nullable(), targetMarket: text.nullable(), tipsAndTricks: text.nullable(),
  annualSales: z.number().int().nonnegative().nullable(), yearsTrading: z.number().int().nonnegative().nullable(),
  fileUploads: z.array(closerFileRefSchema), videoUrl: text.nullable(), compensation: text.nullable(),
  requirements: text.nullable(), skillsRequired: z.array(text),
});
export type JobFields = z.infer<typeof jobFieldsSchema>;

/**
 * A job's own stream (`job-<id>`). Who did it is the envelope's actor; `ownerId` (who posted
 * it) never changes. Lifecycle: draft -> active (published) -> closed or filled; a closed or
 * filled job may be reopened (active again).
 * - `JobEdited.changes` holds only the fields that changed.
 */
export const jobEventSchemas = {
  JobPosted: z.object({ jobId: id, ownerId: id, fields: jobFieldsSchema, at }),
  JobEdited: z.object({ jobId: id, changes: jobFieldsSchema.partial(), at }),
  JobPublished: z.object({ jobId: id, at }),
  JobClosed: z.object({ jobId: id, at }),
  JobFilled: z.object({ jobId: id, at }),
  JobReopened: z.object({ jobId: id, from: z.enum(['closed', 'filled']), at }),
} as const;

export type JobEventType = keyof typeof jobEventSchemas;
export type JobEvent = { [T in JobEventType]: { type: T; data: z.infer<(typeof jobEventSchemas)[T]> } }[JobEventType];
