import { z } from 'zod';
import { LeadTypeSchema, SaleStatusSchema } from '@leadfloor/events';
import { IdQuerySchema, IdSchema, InstantOrDateSchema } from './scalars';

export { SaleStatusSchema };

/**
 * A commission rate as a percent with at most two decimals (3.25 = 3.25 %); stored as basis
 * points, so the commission in cents is exact.
 */
export const PercentRateSchema = z.number().min(0).max(100)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (bp: number) => bp / 100;

/** POST /api/sales: a sale on a lead you hold. The rate defaults to your team's plan for the lead's type; only a manager may set one. */
export const RecordSaleBodySchema = z.strictObject({
  leadId: IdSchema,
  /** Integer cents, from $0.01 to $1,000,000,000. */
  amountCents: z.number().int().min(1).max(100_000_000_000),
  commissionRate: PercentRateSchema.optional(),
  notes: z.string().max(5_000).nullable().optional().transform((v) => (v?.trim() ? v : null)),
});
export type RecordSaleBody = z.input<typeof RecordSaleBodySchema>;
export const RejectCommissionBodySchema = z.strictObject({ reason: z.string().trim().min(1, 'A reason is required').max(500) });
export const AdjustCommissionRateBodySchema = z.strictObject({ commissionRate: PercentRateSchema });
/** Approve and pay take no body: none, null or {} (anything else is a 400). */
export const NoBodySchema = z.strictObject({}).nullish();

/** A sale and its commission; money in integer cents (the console formats USD with no decimals). */
export const SaleSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  leadName: z.string().nullable(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  teamId: z.number().int().nullable(),
  leadType: LeadTypeSchema,
  amountCents: z.number().int(),
  /** Percent (3.25); `commissionRateBasisPoints` is the stored figure (325). */
  commissionRate: z.number(),
  commissionRateBasisPoints: z.number().int(),
  rateSource: z.enum(['plan', 'manager']),
  commissionCents: z.number().int(),
  status: SaleStatusSchema,
  notes: z.string().nullable(),
  saleDate: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  version: z.number().int(),
});
export type Sale = z.infer<typeof SaleSchema>;
export const SaleResponseSchema = z.object({ sale: SaleSchema, version: z.number().int() });

/** Where a commission figure comes from: the sale event, the rate in force, every later change. */
export const SaleTraceSchema = z.object({
  saleEventId: z.string(),
  recordedAt: z.string(),
  recordedBy: z.number().int(),
  rateSource: z.enum(['plan', 'manager']),
  /** The plan the rate came from: its team (null: the built-in default) and stream version (0: default). */
  planTeamId: z.number().int().nullable(),
  planVersion: z.number().int(),
  history: z.array(z.object({
    eventId: z.string(), type: z.string(), at: z.string(), by: z.number().int().nullable(), summary: z.string(),
  })),
});
export const SaleDetailResponseSchema = z.object({ sale: SaleSchema, trace: SaleTraceSchema });

const instant = InstantOrDateSchema;
/** GET /api/sales: newest first; agents see their own, managers and team leads their team's. */
export const SaleListQuerySchema = z.strictObject({
  status: SaleStatusSchema.optional(),
  userId: IdQuerySchema.optional(),
  leadId: IdQuerySchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: IdQuerySchema.optional(),
});
export const SaleListResponseSchema = z.array(SaleSchema);
export const SaleReadQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).optional() });

const bucket = z.object({ count: z.number().int(), amountCents: z.number().int(), commissionCents: z.number().int() });
const byStatus = z.object({ pending: bucket, approved: bucket, paid: bucket, rejected: bucket });
/** GET /api/commissions: totals by status, and by calendar month (in the floor's time zone). */
export const CommissionsQuerySchema = z.strictObject({
  userId: IdQuerySchema.optional(),
  months: z.coerce.number().int().min(1).max(36).default(12),
});
export const CommissionsResponseSchema = z.object({
  timeZone: z.string(),
  totals: byStatus,
  byMonth: z.array(z.object({ month: z.string(), ...byStatus.shape })),
});

const rates = z.strictObject({ real_estate: PercentRateSchema, finance: PercentRateSchema, forex: PercentRateSchema });
export const CommissionPlanSchema = z.object({
  teamId: z.number().int().nullable(),
  /** 0: the built-in default plan. */
  version: z.number().int(),
  rates: z.object({ real_estate: z.number(), finance: z.number(), forex: z.number() }),
  updatedAt: z.string().nullable(),
});
export const CommissionPlanQuerySchema = z.strictObject({ teamId: IdQuerySchema.optional() });
/** PUT /api/commission-plan (managers): percent per lead type for the team's new sales. */
export const SetCommissionPlanBodySchema = z.strictObject({ teamId: IdSchema.optional(), rates });
export const CommissionPlanResponseSchema = z.object({ plan: CommissionPlanSchema, version: z.number().int() });
