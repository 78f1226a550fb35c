import { z } from 'zod';
import { LeadTypeSchema } from '@leadfloor/events';
import { PoolDistributionSchema } from './pool-policy';
import { CreateLeadBodySchema, LeadSchema } from './leads';
import { IdQuerySchema, InstantSchema } from './scalars';

/** PUT /api/me/availability: whether the signed-in agent takes offered leads. */
export const AvailabilityStatusSchema = z.enum(['available', 'away']);
export type AvailabilityStatus = z.infer<typeof AvailabilityStatusSchema>;
export const AvailabilityBodySchema = z.strictObject({ status: AvailabilityStatusSchema });

/**
 * GET /api/me/availability. `present`: a console of theirs is connected (on any gateway);
 * `receivesOffers`: both, and the floor offers leads (round-robin or weighted) to their role.
 */
export const AvailabilityViewSchema = z.object({
  status: AvailabilityStatusSchema,
  changedAt: z.string().nullable(),
  present: z.boolean(),
  distribution: PoolDistributionSchema,
  receivesOffers: z.boolean(),
});
export type AvailabilityView = z.infer<typeof AvailabilityViewSchema>;

/** A lead offered to the signed-in agent (GET /api/pool/offers/mine lists the running ones, soonest end first). */
export const MyOfferSchema = z.object({
  leadId: z.number().int(),
  name: z.string(),
  leadType: LeadTypeSchema,
  city: z.string(),
  state: z.string(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  distribution: PoolDistributionSchema,
  /** The lead stream's version the offer was read at (accept and pass answer with newer ones). */
  version: z.number().int(),
});
export type MyOffer = z.infer<typeof MyOfferSchema>;
export const MyOffersResponseSchema = z.object({ offers: z.array(MyOfferSchema) });

/** Answers of accept, pass and assign-next: the lead as it now is. */
export const OfferActionResponseSchema = z.object({ lead: LeadSchema, version: z.number().int() });
/** assign-next: whom the lead is now offered to, or 409 distribution.no_agent. */
export const AssignNextResponseSchema = OfferActionResponseSchema.extend({ offeredTo: z.object({ id: z.number().int(), fullName: z.string().nullable() }) });

/** POST /api/leads/bulk: leads made in one go; under the floor's drip they enter the pool one by one. */
export const BulkCreateLeadsBodySchema = z.strictObject({
  leads: z.array(CreateLeadBodySchema).min(1, 'At least one lead').max(500, 'At most 500 leads at a time'),
});
export const BulkCreateLeadsResponseSchema = z.object({
  leads: z.array(z.object({ id: z.number().int(), releaseAt: z.string().nullable() })),
});

/**
 * GET /api/pool/report: a period, `from`-`to` or the last `days` before `to` (default: the last 30
 * days up to now, on the server's clock), and, optionally, one team's agents.
 */
export const PoolReportQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  teamId: IdQuerySchema.optional(),
}).refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['from'] });

const Durations = z.object({
  /** Leads it was measured over. */
  count: z.number().int(),
  medianMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
});

export const PoolReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  teamId: z.number().int().nullable(),
  /** Leads that entered the pool in the period (created, or let in by the drip). */
  leadsEntered: z.number().int(),
  /** From entering the pool to the first claim, and to the first contact. */
  timeToClaim: Durations,
  timeToFirstContact: Durations,
  claimsPerAgent: z.array(z.object({ userId: z.number().int(), fullName: z.string().nullable(), claims: z.number().int() })),
  /** Leads the floor's auto-release rule took back in the period. */
  releasedByPolicy: z.number().int(),
  /**
   * Leads of the period kept without a contact for longer than the auto-release period (exempt
   * ones, or a rule switched on later); null when the rules set no auto-release.
   */
  heldPastPolicy: z.number().int().nullable(),
  autoReleaseHours: z.number().nullable(),
  /** By how each lead was first claimed: straight from the pool, or by accepting an offer. */
  conversionByDistribution: z.array(z.object({
    distribution: PoolDistributionSchema, claimed: z.number().int(), sold: z.number().int(), rate: z.number().nullable(),
  })),
});
export type PoolReport = z.infer<typeof PoolReportSchema>;
