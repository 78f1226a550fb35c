import { z } from 'zod';
import { LeadStageSchema } from '@leadfloor/events';
import { LeadListQuerySchema, LeadSchema } from './leads';
import { InstantSchema } from './scalars';

/**
 * What a time scrubber spans: from the floor's first recorded moment to the server's now (the
 * console never trusts the browser's clock for "now"). `floorStartedAt` is null on a floor
 * with nothing recorded yet.
 */
export const TimeTravelRangeSchema = z.object({ floorStartedAt: z.string().nullable(), now: z.string() });
export type TimeTravelRange = z.infer<typeof TimeTravelRangeSchema>;

/**
 * The pipeline (spec 2.6's five stage columns), now or as of an instant: the pool's filters,
 * and how many leads each column shows first. A column's `nextCursor` continues on
 * `GET /api/leads` with the same filters, `stageFilter` set to the column's stage and the same
 * `asOf`.
 */
export const PipelineQuerySchema = LeadListQuerySchema.pick({
  tab: true, search: true, typeFilter: true, statusFilter: true, priorityFilter: true, hasFollowUp: true,
  followUpDue: true, showMyLeadsOnly: true, scoreMin: true, scoreMax: true, tags: true, dateField: true,
  startDate: true, endDate: true, sort: true, asOf: true, customField: true,
}).extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export type PipelineQuery = z.input<typeof PipelineQuerySchema>;

export const PipelineColumnSchema = z.object({
  stage: LeadStageSchema,
  total: z.number().int(),
  leads: z.array(LeadSchema),
  nextCursor: z.string().nullable(),
});
export const PipelineResponseSchema = z.object({
  /** The instant the board shows (null: now). */
  asOf: InstantSchema.nullable(),
  columns: z.array(PipelineColumnSchema),
});
export type PipelineResponse = z.infer<typeof PipelineResponseSchema>;
