import { LeadSourceSchema, LeadStageSchema, LeadStatusSchema, LeadTypeSchema } from '@leadfloor/events';
import { z } from 'zod';
import { IdQuerySchema, INT32_MAX, InstantSchema } from './scalars';

/**
 * The filters every analytics read takes. `from`/`to` pick leads by when they were created
 * (a cohort view: the funnel of the leads that came in then); `teamId` and `agentId` by who
 * works them now; `source` `none` picks leads without a source.
 */
export const AnalyticsFiltersSchema = z.strictObject({
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  teamId: IdQuerySchema.optional(),
  agentId: IdQuerySchema.optional(),
  leadType: LeadTypeSchema.optional(),
  source: LeadSourceSchema.or(z.literal('none')).optional(),
  /** A funnel source (a lead's `funnelSource`); `none` picks leads without one. */
  funnelSource: z.string().trim().min(1).max(100).optional(),
  /** A funnel campaign (a lead's `funnelCampaignId`); `none` picks leads without one. */
  campaign: z.string().trim().min(1).max(200).optional(),
});
export type AnalyticsFilters = z.infer<typeof AnalyticsFiltersSchema>;

export const FunnelStepSchema = z.enum(['created', 'claimed', 'contacted', 'qualified', 'sold']);
export type FunnelStep = z.infer<typeof FunnelStepSchema>;

/** A duration's spread over the leads that have it; null figures when none has. */
export const DurationStatsSchema = z.object({
  count: z.number().int(), medianSeconds: z.number().nullable(), p90Seconds: z.number().nullable(),
});
const winRate = { sold: z.number().int(), lost: z.number().int(), winRate: z.number().nullable() };

/** GET /api/analytics/leads. Percentages to one decimal; money in integer cents. */
export const LeadAnalyticsSchema = z.object({
  timeZone: z.string(),
  /** Whose leads these are: the whole floor (managers), teams (team leads), or the reader's own (agents). */
  scope: z.enum(['floor', 'teams', 'own']),
  funnel: z.array(z.object({ step: FunnelStepSchema, count: z.number().int(), conversionPercent: z.number().nullable() })),
  lost: z.number().int(),
  revenueCents: z.number().int(),
  winRateBySource: z.array(z.object({ source: LeadSourceSchema.nullable(), ...winRate })),
  winRateByType: z.array(z.object({ leadType: LeadTypeSchema, ...winRate })),
  timeToClaim: DurationStatsSchema,
  timeToFirstContact: DurationStatsSchema,
  stageTimes: z.array(z.object({ stage: LeadStageSchema, current: z.number().int(), ...DurationStatsSchema.shape })),
  cohorts: z.array(z.object({
    weekStart: z.string(), from: z.string(), to: z.string(),
    created: z.number().int(), claimed: z.number().int(), contacted: z.number().int(), qualified: z.number().int(),
    sold: z.number().int(), lost: z.number().int(), revenueCents: z.number().int(),
  })),
});
export type LeadAnalytics = z.infer<typeof LeadAnalyticsSchema>;

const cursor = z.string().max(100).regex(/^\d{1,10}(:\d{1,10})?$/, 'Not a cursor of this list')
  .refine((c) => c.split(':').every((p) => Number(p) <= INT32_MAX), 'Not a cursor of this list');
const limit = z.coerce.number().int().min(1).max(200).default(50);

export const AgentAnalyticsQuerySchema = AnalyticsFiltersSchema.extend({ limit, cursor: cursor.optional() });
export const AgentAnalyticsRowSchema = z.object({
  userId: z.number().int(), fullName: z.string(), teamId: z.number().int().nullable(), teamName: z.string().nullable(),
  leads: z.number().int(), contacted: z.number().int(), qualified: z.number().int(), sold: z.number().int(), lost: z.number().int(),
  winRate: z.number().nullable(), revenueCents: z.number().int(), medianSecondsToContact: z.number().nullable(),
});
export type AgentAnalyticsRow = z.infer<typeof AgentAnalyticsRowSchema>;
/** GET /api/analytics/agents: one row per agent who works leads in scope, by user id, keyset-paged. */
export const AgentAnalyticsSchema = z.object({ agents: z.array(AgentAnalyticsRowSchema), nextCursor: z.string().nullable() });

export const FunnelAnalyticsQuerySchema = AnalyticsFiltersSchema.extend({ limit, cursor: z.string().max(500).optional() });
const funnelCounts = {
  leads: z.number().int(), claimed: z.number().int(), contacted: z.number().int(), qualified: z.number().int(),
  sold: z.number().int(), lost: z.number().int(), revenueCents: z.number().int(),
  /** What the leads cost, when a marketing funnel or ad platform recorded it; null: not known (never guessed). */
  spendCents: z.number().int().nullable(),
  costPerSoldCents: z.number().int().nullable(),
};
/** One funnel source and campaign (the leads' `funnelSource`, `funnelCampaignId`; null: leads that came with none). */
export const FunnelRowSchema = z.object({ funnelSource: z.string().nullable(), campaignId: z.string().nullable(), ...funnelCounts });
export type FunnelRow = z.infer<typeof FunnelRowSchema>;
/** GET /api/analytics/funnel: the sales funnel by funnel source and campaign, keyset-paged by (funnel source, campaign). */
export const FunnelAnalyticsSchema = z.object({
  rows: z.array(FunnelRowSchema), totals: z.object(funnelCounts), nextCursor: z.string().nullable(),
});
export type FunnelAnalytics = z.infer<typeof FunnelAnalyticsSchema>;

/** Which figure to explain: a funnel step, the lost leads, a duration, or the stays in one stage. */
export const ExplainFigureSchema = z.enum(['created', 'claimed', 'contacted', 'qualified', 'sold', 'lost', 'timeToClaim', 'timeToFirstContact', 'stage']);
export type ExplainFigure = z.infer<typeof ExplainFigureSchema>;
export const LeadExplainQuerySchema = AnalyticsFiltersSchema.extend({
  figure: ExplainFigureSchema, stage: LeadStageSchema.optional(), limit, cursor: cursor.optional(),
}).refine((q) => q.figure !== 'stage' || q.stage !== undefined, { message: 'Name the stage', path: ['stage'] });
export const LeadExplainRowSchema = z.object({
  leadId: z.number().int(), leadName: z.string(), leadType: LeadTypeSchema, source: LeadSourceSchema.nullable(),
  status: LeadStatusSchema, agentId: z.number().int().nullable(), agentName: z.string().nullable(),
  /** When the lead reached the figure's step (created, claimed...), or entered the stage. */
  at: z.string(),
  /** The duration behind a time figure or a stage stay (null while the stay goes on). */
  durationSeconds: z.number().nullable(),
  revenueCents: z.number().int(),
});
export type LeadExplainRow = z.infer<typeof LeadExplainRowSchema>;
/** GET /api/analytics/leads/explain: the leads behind a figure; `total` is the figure's count, `revenueCents` its revenue. */
export const LeadExplainSchema = z.object({
  figure: ExplainFigureSchema, total: z.number().int(), revenueCents: z.number().int(),
  rows: z.array(LeadExplainRowSchema), nextCursor: z.string().nullable(),
});
export type LeadExplain = z.infer<typeof LeadExplainSchema>;

export const DashboardMetricSchema = z.enum(['monthlyRevenue', 'activeLeadsCount', 'callsThisWeek', 'conversionRate']);
export type DashboardMetric = z.infer<typeof DashboardMetricSchema>;
export const StatsExplainQuerySchema = z.strictObject({ metric: DashboardMetricSchema, limit, cursor: cursor.optional() });
export const StatsExplainRowSchema = z.object({
  kind: z.enum(['lead', 'sale', 'call']), id: z.number().int(), leadId: z.number().int(), leadName: z.string(),
  at: z.string(), status: z.string(),
  /** A sale's amount in cents (monthlyRevenue); null for the others. */
  amountCents: z.number().int().nullable(),
  /** For conversionRate: whether the lead counts in the numerator (sold). */
  counted: z.boolean(),
});
export type StatsExplainRow = z.infer<typeof StatsExplainRowSchema>;
/**
 * GET /api/dashboard/stats/explain: the rows behind one of the dashboard's four figures. The
 * rows' count (or for monthlyRevenue their amounts' sum, for conversionRate counted ÷ all)
 * over every page is the figure.
 */
export const StatsExplainSchema = z.object({
  metric: DashboardMetricSchema, figure: z.number(), total: z.number().int(),
  numerator: z.number().nullable(), denominator: z.number().nullable(),
  rows: z.array(StatsExplainRowSchema), nextCursor: z.string().nullable(),
});
export type StatsExplain = z.infer<typeof StatsExplainSchema>;
