import { z } from 'zod';
import { LeadTypeSchema } from './lead-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
const cents = z.number().int().min(0);
/** A commission rate in basis points: 1 bp = 0.01 %, so 350 is 3.5 %. Integers keep the sums exact. */
export const BasisPointsSchema = z.number().int().min(0).max(10_000);

export const CommissionRatesSchema = z.object({ real_estate: BasisPointsSchema, finance: BasisPointsSchema, forex: BasisPointsSchema });
export type CommissionRates = z.infer<typeof CommissionRatesSchema>;
export const SaleStatusSchema = z.enum(['pending', 'approved', 'paid', 'rejected']);
export type SaleStatus = z.infer<typeof SaleStatusSchema>;

export const saleEventSchemas = {
  // Everything the commission was computed from is stored with it, so every figure traces back
  // to this event and the rate in force then: the plan (team and stream version; version 0 is
  // the built-in default) or a manager's explicit rate.
  SaleRecorded: z.object({
    saleId: id, leadId: id, userId: id, teamId: id.nullable(), leadType: LeadTypeSchema,
    amountCents: cents.min(1), notes: z.string().nullable(),
    rateBasisPoints: BasisPointsSchema, rateSource: z.enum(['plan', 'manager']),
    planTeamId: id.nullable(), planVersion: z.number().int().min(0),
    commissionCents: cents, recordedBy: id, at,
  }),
  CommissionRateAdjusted: z.object({
    saleId: id, fromBasisPoints: BasisPointsSchema, toBasisPoints: BasisPointsSchema, commissionCents: cents, by: id, at,
  }),
  CommissionApproved: z.object({ saleId: id, by: id, at }),
  CommissionPaid: z.object({ saleId: id, by: id, at }),
  CommissionRejected: z.object({ saleId: id, by: id, reason: z.string().min(1), at }),
  // Stream commissionplan-{teamId}: the rates a team's new sales get by default.
  CommissionRatesSet: z.object({ teamId: id, rates: CommissionRatesSchema, by: id, at }),
} as const;

export type SaleEventType = keyof typeof saleEventSchemas;
export type SaleEvent = { [T in SaleEventType]: { type: T; data: z.infer<(typeof saleEventSchemas)[T]> } }[SaleEventType];

/** Rates a team's sales get until its manager sets a plan (plan version 0), in basis points. */
export const defaultCommissionRates: CommissionRates = { real_estate: 300, finance: 400, forex: 800 };
