import { z } from 'zod';
import { LeadPrioritySchema, LeadSourceSchema, LeadStageSchema, LeadStatusSchema, LeadTypeSchema } from '@leadfloor/events';
import { IdQuerySchema, IdSchema, InstantOrDateSchema, InstantSchema } from './scalars';
import { CustomFieldFilterSchema, SetLeadCustomFieldsBodySchema } from './custom-fields';

export { LeadPrioritySchema, LeadSourceSchema, LeadStageSchema, LeadStatusSchema, LeadTypeSchema };

export const LeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  leadType: LeadTypeSchema,
  status: LeadStatusSchema,
  source: z.string().nullable(),
  /** The marketing funnel's source (utm_source) and campaign (utm_campaign) the lead came in with; null when none said. */
  funnelSource: z.string().nullable(),
  funnelCampaignId: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  priority: LeadPrioritySchema,
  stage: LeadStageSchema,
  score: z.number().int().nullable(),
  scoredAt: z.string().nullable(),
  nextFollowUp: z.string().nullable(),
  lastContactedAt: z.string().nullable(),
  claimedBy: z.number().int().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A manager took the lead out of the floor's auto-release rule. */
  autoReleaseExempt: z.boolean(),
  /** When the lead goes back to the pool unless its holder reaches the customer first; null: it does not. */
  autoReleaseAt: z.string().nullable(),
  /** Offered to one agent (round-robin or weighted distribution): nobody else may claim it until `expiresAt`. */
  offer: z.object({ userId: z.number().int(), expiresAt: z.string() }).nullable().optional(),
  /** Held back by the floor's drip until then (managers see it; agents do not); null: in the pool. */
  releaseAt: z.string().nullable().optional(),
  /** The lead stream's version this row reflects (the read-your-writes token). */
  version: z.number().int(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** Every claim of a lead the server decided, in the order it received them (GET /api/leads/{id}/claim-attempts). */
export const ClaimAttemptOutcomeSchema = z.enum(['won', 'lost', 'over_cap', 'rate_limited']);
export type ClaimAttemptOutcome = z.infer<typeof ClaimAttemptOutcomeSchema>;
export const ClaimAttemptSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  outcome: ClaimAttemptOutcomeSchema,
  /** When the request reached the server, to the millisecond. */
  attemptedAt: z.string(),
  /** Rate-limited clicks of one agent within one limiter window are one row. */
  repeats: z.number().int(),
});
export type ClaimAttempt = z.infer<typeof ClaimAttemptSchema>;
export const ClaimAttemptsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
});
export const ClaimAttemptsResponseSchema = z.object({ attempts: z.array(ClaimAttemptSchema), nextCursor: z.string().nullable() });

/** The 409 of a claim past the floor's cap: the cap and how many active leads the agent holds. */
export const ClaimLimitProblemSchema = z.object({
  code: z.literal('claim_limit_reached'), cap: z.number().int(), count: z.number().int(), message: z.string(),
});

const opt = (s: z.ZodString) => s.trim().max(2000).optional().nullable().transform((v) => (v ? v : null));

// Spec 2.8 fields and spec 5 messages.
export const CreateLeadFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().max(254).pipe(z.email('Invalid email address')),
  phone: z.string().trim().min(6, 'Phone number is required').max(40),
  address: opt(z.string()),
  city: z.string().trim().min(1, 'City is required').max(120),
  state: z.string().trim().min(1, 'State is required').max(120),
  leadType: LeadTypeSchema.or(z.literal('')).refine((v) => v !== '', 'Lead type is required')
    .transform((v) => v as z.infer<typeof LeadTypeSchema>),
  source: LeadSourceSchema.or(z.literal('')).optional().nullable().transform((v) => (v ? v : null)),
  notes: z.string().max(10_000).optional().nullable().transform((v) => (v ? v : null)),
});
export type CreateLeadForm = z.input<typeof CreateLeadFormSchema>;
const funnelText = (max: number) => z.string().trim().max(max).optional().nullable().transform((v) => (v ? v : null));
/**
 * Where a marketing funnel or an ad platform says a new lead came from: its source (utm_source,
 * say `facebook`) and campaign (utm_campaign). Optional; empty means none.
 */
export const FunnelAttributionSchema = z.object({ funnelSource: funnelText(100), funnelCampaignId: funnelText(200) });
/** The create call: the form's fields plus spec 7's `status: 'available'` (the only status a new lead has). */
export const CreateLeadBodySchema = z.strictObject({
  ...CreateLeadFormSchema.shape, ...FunnelAttributionSchema.shape, status: z.literal('available').optional(),
  /** Values of the floor's custom fields for the lead's type, by field name (checked on the server; required ones must be given). */
  customFields: SetLeadCustomFieldsBodySchema.shape.values.optional(),
});
export type CreateLeadBody = z.input<typeof CreateLeadBodySchema>;

/**
 * PATCH /api/leads/{id}: spec 7's bodies ({status:'claimed', claimedBy}, {status}, {score},
 * {tags}, {nextFollowUp}, {stage}, {priority}) as one strict partial. A sent claimedBy is
 * accepted and ignored: the claimer is the signed-in user.
 */
export const LeadPatchBodySchema = z.strictObject({
  status: LeadStatusSchema.optional(),
  claimedBy: z.number().int().nullable().optional(),
  score: z.number().finite().optional(),
  tags: z.array(z.string().max(60)).max(50).optional(),
  nextFollowUp: InstantSchema.nullable().optional(),
  stage: LeadStageSchema.optional(),
  priority: LeadPrioritySchema.optional(),
}).refine((b) => Object.keys(b).some((k) => k !== 'claimedBy'), 'Nothing to change');
export type LeadPatchBody = z.infer<typeof LeadPatchBodySchema>;

export const ReassignLeadBodySchema = z.strictObject({ userId: IdSchema });
export const StatusBodySchema = z.strictObject({ status: LeadStatusSchema });
export const StageBodySchema = z.strictObject({ stage: LeadStageSchema });
export const PriorityBodySchema = z.strictObject({ priority: LeadPrioritySchema });
export const ScoreBodySchema = z.strictObject({ score: z.number().finite() });
export const TagsBodySchema = z.strictObject({ tags: z.array(z.string().max(60)).max(50) });
export const FollowUpBodySchema = z.strictObject({ nextFollowUp: InstantSchema.nullable() });

export const LeadResponseSchema = z.object({ lead: LeadSchema, version: z.number().int() });
export const ScoreResponseSchema = z.object({ score: z.number().int(), lead: LeadSchema, version: z.number().int() });

export const SortValues = ['newest', 'oldest', 'name_asc', 'name_desc', 'status'] as const;
export const SortSchema = z.enum(SortValues);
export type SortValue = z.infer<typeof SortSchema>;
/** Spec 9's sort options with their labels and directions. */
export const sortOptions: { value: SortValue; label: string; direction: 'asc' | 'desc' }[] = [
  { value: 'newest', label: 'Newest', direction: 'desc' },
  { value: 'oldest', label: 'Oldest', direction: 'asc' },
  { value: 'name_asc', label: 'Name (A-Z)', direction: 'asc' },
  { value: 'name_desc', label: 'Name (Z-A)', direction: 'desc' },
  { value: 'status', label: 'Status', direction: 'asc' },
];

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const all = <T extends z.ZodTypeAny>(s: T) => s.or(z.literal('all')).or(z.literal('')).optional()
  .transform((v) => (v === 'all' || v === '' ? undefined : v) as z.infer<T> | undefined);

/** GET /api/leads query: spec 3's filter object as parameters, spec 5's matching, keyset paging. */
export const LeadTabSchema = z.enum(['all', 'available', 'claimed', 'contacted', 'qualified', 'closed']);
export type LeadTab = z.infer<typeof LeadTabSchema>;

export const LeadListQuerySchema = z.strictObject({
  /** Spec 2.6's tabs: Claimed means claimed with a holder; closed is Sold/Lost. */
  tab: LeadTabSchema.default('all'),
  search: z.string().max(200).optional(),
  typeFilter: all(LeadTypeSchema),
  statusFilter: all(LeadStatusSchema),
  priorityFilter: all(LeadPrioritySchema),
  stageFilter: all(LeadStageSchema),
  hasFollowUp: bool.optional(),
  followUpDue: bool.optional(),
  showMyLeadsOnly: bool.optional(),
  scoreMin: z.coerce.number().int().min(0).max(100).optional(),
  scoreMax: z.coerce.number().int().min(0).max(100).optional(),
  tags: z.string().max(1000).optional().transform((v) => (v ? v.split(',').map((t) => t.trim()).filter(Boolean) : [])),
  dateField: z.enum(['createdAt', 'nextFollowUp', 'lastContactedAt']).optional(),
  startDate: InstantOrDateSchema.optional(),
  endDate: InstantOrDateSchema.optional(),
  sort: SortSchema.default('newest'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(500).optional(),
  minVersion: z.coerce.number().int().optional(),
  leadId: IdQuerySchema.optional(),
  /** The pool as it was at this instant (time travel); absent: the pool now. */
  asOf: InstantSchema.optional(),
  /** Leads that came in through this funnel source, or campaign (exact; `none`: without one). */
  funnelSource: z.string().trim().min(1).max(100).optional(),
  funnelCampaignId: z.string().trim().min(1).max(200).optional(),
  /** Custom field conditions, repeatable (all must hold): see CustomFieldFilterSchema. */
  customField: z.union([CustomFieldFilterSchema, z.array(CustomFieldFilterSchema).max(20, 'At most 20 custom field conditions')]).optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type LeadListQuery = z.input<typeof LeadListQuerySchema>;

export const LeadListResponseSchema = z.object({
  leads: z.array(LeadSchema),
  /** Total matching the filters (all pages), and counts per lead type for the header badges. */
  total: z.number().int(),
  typeCounts: z.record(z.string(), z.number().int()),
  nextCursor: z.string().nullable(),
});

export const LeadHistoryEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export const LeadHistoryResponseSchema = z.object({ history: z.array(LeadHistoryEntrySchema) });
