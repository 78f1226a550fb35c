import type { LeadEvent } from '@leadfloor/events';
import { describe, it } from 'vitest';
import type { ExpireOffer, OfferLead, PassOffer, ReleaseDrippedLead } from './commands';
import { LEAD_ID, NOW, ann, bob, by, claimedBy, created, given, max } from './decide-scenario';

// The offer runs from two minutes before NOW for five minutes.
const OFFERED_AT = '2025-03-02T09:58:00.000Z';
const EXPIRES_AT = '2025-03-02T10:03:00.000Z';
const offered = (to = ann, at = OFFERED_AT, expiresAt = EXPIRES_AT): LeadEvent => ({
  type: 'LeadOffered', data: { leadId: LEAD_ID, userId: to.id, expiresAt, distribution: 'round_robin', assignedBy: null, policyVersion: 4, at },
});
const offer = (to = ann, assignedBy: number | null = null): OfferLead => ({
  type: 'OfferLead', data: { leadId: LEAD_ID, userId: to.id, expiresAt: EXPIRES_AT, distribution: 'round_robin', policyVersion: 4 }, meta: { now: NOW, assignedBy },
});
const claim = (a = bob, now = NOW) => ({ type: 'ClaimLead' as const, data: { leadId: LEAD_ID }, meta: { ...by(a), now } });
const pass = (a = ann): PassOffer => ({ type: 'PassOffer', data: { leadId: LEAD_ID }, meta: by(a) });
const expire = (now: string, offeredAt = OFFERED_AT): ExpireOffer => ({ type: 'ExpireOffer', data: { leadId: LEAD_ID, offeredAt }, meta: { now } });
const RELEASE_AT = '2025-03-02T12:00:00.000Z';
const held: LeadEvent = { ...created, data: { ...created.data, releaseAt: RELEASE_AT } } as LeadEvent;
const dripRelease = (now: string): ReleaseDrippedLead => ({ type: 'ReleaseDrippedLead', data: { leadId: LEAD_ID }, meta: { now } });

describe('ClaimLead of an offered lead', () => {
  it('refuses anyone but the offered agent while the offer runs, naming its end', () => {
    given(created, offered(ann)).when(claim(bob)).then({ kind: 'RuleViolation', code: 'lead.offered', details: { expiresAt: EXPIRES_AT } });
    given(created, offered(ann)).when(claim(max)).then({ kind: 'RuleViolation', code: 'lead.offered' });
  });

  it('is the offered agent accepting: the offer is accepted, then the lead claimed, in one append', () => {
    given(created, offered(ann)).when(claim(ann)).then([
      { type: 'LeadOfferAccepted', data: { leadId: LEAD_ID, userId: ann.id, at: NOW } },
      { type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: ann.id, at: NOW } },
    ]);
  });

  it('lets anyone claim once the offer is over, closing the offer its timer has not closed yet', () => {
    const later = '2025-03-02T10:03:00.000Z';
    given(created, offered(ann)).when(claim(bob, later)).then([
      { type: 'LeadOfferExpired', data: { leadId: LEAD_ID, userId: ann.id, at: later } },
      { type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: bob.id, at: later } },
    ]);
  });

  it('lets anyone claim after a pass or an expiry', () => {
    const passed: LeadEvent = { type: 'LeadOfferPassed', data: { leadId: LEAD_ID, userId: ann.id, passedBy: ann.id, at: NOW } };
    given(created, offered(ann), passed).when(claim(bob)).then([{ type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: bob.id, at: NOW } }]);
  });
});

describe('ClaimLead of a lead the drip holds back', () => {
  it('refuses everyone before its release, naming the instant', () => {
    given(held).when(claim(bob)).then({ kind: 'RuleViolation', code: 'lead.not_released', details: { releaseAt: RELEASE_AT } });
    given(held).when(claim(max)).then({ kind: 'RuleViolation', code: 'lead.not_released' });
  });

  it('lets a claim through once the drip let it in', () => {
    const released: LeadEvent = { type: 'LeadDripReleased', data: { leadId: LEAD_ID, releaseAt: RELEASE_AT, at: RELEASE_AT } };
    given(held, released).when(claim(bob)).then([{ type: 'LeadClaimed', data: { leadId: LEAD_ID, userId: bob.id, at: NOW } }]);
  });
});

describe('OfferLead', () => {
  it('offers a lead in the pool to the agent the rotation picked', () => {
    given(created).when(offer(ann)).then([offered(ann, NOW)]);
  });

  it('records the manager who pushed it on', () => {
    given(created).when(offer(ann, max.id)).then([{ ...offered(ann, NOW), data: { ...offered(ann, NOW).data, assignedBy: max.id } } as LeadEvent]);
  });

  it('refuses a held lead, one held back by the drip, and one already offered', () => {
    given(created, claimedBy(bob)).when(offer(ann)).then({ kind: 'RuleViolation', code: 'lead.not_available' });
    given(held).when(offer(ann)).then({ kind: 'RuleViolation', code: 'lead.not_released' });
    given(created, offered(bob)).when(offer(ann)).then({ kind: 'RuleViolation', code: 'lead.offered' });
  });

  it('refuses a lead that does not exist', () => {
    given().when(offer(ann)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});

describe('PassOffer', () => {
  it('lets the offered agent say no', () => {
    given(created, offered(ann)).when(pass(ann)).then([{ type: 'LeadOfferPassed', data: { leadId: LEAD_ID, userId: ann.id, passedBy: ann.id, at: NOW } }]);
  });

  it('lets a manager move the offer on', () => {
    given(created, offered(ann)).when(pass(max)).then([{ type: 'LeadOfferPassed', data: { leadId: LEAD_ID, userId: ann.id, passedBy: max.id, at: NOW } }]);
  });

  it('refuses another agent, and a lead offered to nobody', () => {
    given(created, offered(ann)).when(pass(bob)).then({ kind: 'Forbidden', code: 'lead.offer_not_yours' });
    given(created).when(pass(ann)).then({ kind: 'RuleViolation', code: 'lead.no_offer' });
    given(created, offered(ann), claimedBy(ann)).when(pass(ann)).then({ kind: 'RuleViolation', code: 'lead.no_offer' });
  });
});

describe('ExpireOffer', () => {
  it('expires the offer from its end on', () => {
    given(created, offered(ann)).when(expire(EXPIRES_AT)).then([{ type: 'LeadOfferExpired', data: { leadId: LEAD_ID, userId: ann.id, at: EXPIRES_AT } }]);
  });

  it('does nothing early, twice, or for an earlier offer', () => {
    given(created, offered(ann)).when(expire('2025-03-02T10:02:59.999Z')).then([]);
    const expired: LeadEvent = { type: 'LeadOfferExpired', data: { leadId: LEAD_ID, userId: ann.id, at: EXPIRES_AT } };
    given(created, offered(ann), expired).when(expire(EXPIRES_AT)).then([]);
    given(created, offered(ann), expired, offered(bob, '2025-03-02T10:03:00.000Z', '2025-03-02T10:08:00.000Z'))
      .when(expire('2025-03-02T10:04:00.000Z')).then([]);
  });

  it('does nothing once the offer was accepted', () => {
    const accepted: LeadEvent = { type: 'LeadOfferAccepted', data: { leadId: LEAD_ID, userId: ann.id, at: NOW } };
    given(created, offered(ann), accepted, claimedBy(ann, NOW)).when(expire(EXPIRES_AT)).then([]);
  });
});

describe('ReleaseDrippedLead', () => {
  it('lets the lead into the pool from its release instant on, once', () => {
    const released: LeadEvent = { type: 'LeadDripReleased', data: { leadId: LEAD_ID, releaseAt: RELEASE_AT, at: RELEASE_AT } };
    given(held).when(dripRelease(RELEASE_AT)).then([released]);
    given(held, released).when(dripRelease(RELEASE_AT)).then([]);
  });

  it('does nothing before the instant, or for a lead never held', () => {
    given(held).when(dripRelease('2025-03-02T11:59:59.999Z')).then([]);
    given(created).when(dripRelease(RELEASE_AT)).then([]);
  });
});

