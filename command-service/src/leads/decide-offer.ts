import type { Lead, LeadEvent } from '@leadfloor/events';
import { Forbidden, RuleViolation } from '../shared/domain-error';
import type { ClaimLead, ExpireOffer, OfferLead, PassOffer, ReleaseDrippedLead } from './commands';

const live = (lead: Lead, now: string) => lead.offer !== null && Date.parse(now) < Date.parse(lead.offer.expiresAt);

/**
 * A claim of an available lead (decide.ts has checked it is available):
 * - held back by the drip: nobody claims it before its release instant (409 lead.not_released);
 * - offered to someone else and the offer still running: 409 lead.offered, naming when it ends;
 * - offered to the claimer: the claim accepts the offer (LeadOfferAccepted, then LeadClaimed),
 *   even a moment past its end while its timer has not fired: nobody else was let in meanwhile;
 * - an offer past its end that no timer has closed yet is closed by the claim (LeadOfferExpired).
 */
export function claimAvailable(c: ClaimLead, lead: Lead): LeadEvent[] {
  const { now, actor } = c.meta;
  const base = { leadId: lead.id, at: now };
  if (lead.dripReleaseAt !== null) {
    throw new RuleViolation('lead.not_released', `Lead ${lead.id} enters the pool at ${lead.dripReleaseAt}.`, { releaseAt: lead.dripReleaseAt });
  }
  const offer = lead.offer;
  if (offer !== null && offer.userId !== actor.id && live(lead, now)) {
    throw new RuleViolation('lead.offered', `Lead ${lead.id} is offered to another agent until ${offer.expiresAt}.`, { expiresAt: offer.expiresAt });
  }
  const events: LeadEvent[] = [];
  if (offer !== null) {
    events.push(offer.userId === actor.id
      ? { type: 'LeadOfferAccepted', data: { ...base, userId: actor.id } }
      : { type: 'LeadOfferExpired', data: { ...base, userId: offer.userId } });
  }
  events.push({ type: 'LeadClaimed', data: { ...base, userId: actor.id } });
  return events;
}

/**
 * Offers and the drip:
 * - an offer goes only to a lead in the pool (available, released, no offer running); the
 *   rotation that picks the agent is distribution.ts;
 * - the offered agent passes; so may a manager (moving the offer on); anyone else: 403;
 * - an offer's timer expires that very offer (same instant), only from its end on; a late or
 *   repeated timer finds nothing to do;
 * - the drip's timer lets the lead in from its release instant on, once.
 */
export function decideOffer(c: OfferLead | PassOffer | ExpireOffer | ReleaseDrippedLead, lead: Lead): LeadEvent[] {
  const now = c.meta.now;
  const base = { leadId: lead.id, at: now };
  switch (c.type) {
    case 'OfferLead': {
      if (lead.status !== 'available' || lead.claimedBy !== null) {
        throw new RuleViolation('lead.not_available', `Lead ${lead.id} is not in the pool.`, { status: lead.status, claimedBy: lead.claimedBy });
      }
      if (lead.dripReleaseAt !== null) {
        throw new RuleViolation('lead.not_released', `Lead ${lead.id} enters the pool at ${lead.dripReleaseAt}.`, { releaseAt: lead.dripReleaseAt });
      }
      if (lead.offer !== null) {
        throw new RuleViolation('lead.offered', `Lead ${lead.id} is already offered until ${lead.offer.expiresAt}.`, { expiresAt: lead.offer.expiresAt });
      }
      const { userId, expiresAt, distribution, policyVersion } = c.data;
      return [{ type: 'LeadOffered', data: { ...base, userId, expiresAt, distribution, assignedBy: c.meta.assignedBy, policyVersion } }];
    }
    case 'PassOffer': {
      const { actor } = c.meta;
      const offer = lead.offer;
      if (offer === null) throw new RuleViolation('lead.no_offer', `Lead ${lead.id} is not offered to anyone.`);
      if (offer.userId !== actor.id && actor.role !== 'manager') {
        throw new Forbidden('lead.offer_not_yours', 'This lead is offered to another agent.', { userId: offer.userId });
      }
      return [{ type: 'LeadOfferPassed', data: { ...base, userId: offer.userId, passedBy: actor.id } }];
    }
    case 'ExpireOffer': {
      const offer = lead.offer;
      if (offer === null || offer.offeredAt !== c.data.offeredAt || live(lead, now)) return [];
      return [{ type: 'LeadOfferExpired', data: { ...base, userId: offer.userId } }];
    }
    case 'ReleaseDrippedLead': {
      const releaseAt = lead.dripReleaseAt;
      if (releaseAt === null || Date.parse(now) < Date.parse(releaseAt)) return [];
      return [{ type: 'LeadDripReleased', data: { ...base, releaseAt } }];
    }
  }
}
