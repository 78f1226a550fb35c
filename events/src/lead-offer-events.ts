import { z } from 'zod';
import { PoolDistributionSchema } from './pool-policy-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int();

/**
 * The fair pool's second half, on each lead's own stream: offers (round-robin and weighted
 * distribution) and the drip release of bulk-created leads. Spread into the lead's events, so
 * the lead's one fold (lead-state.ts) sees them and the decider refuses a claim that would
 * jump an offer or a drip.
 */
export const leadOfferEventSchemas = {
  // Offered to one agent until `expiresAt`; nobody else may claim it meanwhile. `assignedBy`: the
  // manager who pushed it on (assign-next), null when the floor's rotation offered it by itself.
  LeadOffered: z.object({
    leadId: id, userId: id, expiresAt: at, distribution: PoolDistributionSchema, assignedBy: id.nullable(), policyVersion: id, at,
  }),
  // The agent took it: a LeadClaimed follows in the same append (the claim is the claim).
  LeadOfferAccepted: z.object({ leadId: id, userId: id, at }),
  // The agent said no, or a manager moved the offer on (`passedBy` is then the manager).
  LeadOfferPassed: z.object({ leadId: id, userId: id, passedBy: id, at }),
  // Nobody answered in time.
  LeadOfferExpired: z.object({ leadId: id, userId: id, at }),
  // A bulk-created lead held back by the drip (LeadCreated.releaseAt) entered the pool.
  LeadDripReleased: z.object({ leadId: id, releaseAt: at, at }),
} as const;
