import { describe, it } from 'vitest';
import type { LeadStatus } from '@leadfloor/events';
import type { Actor } from './commands';
import { LEAD_ID, NOW, ann, bob, by, claimedBy, created, given, lena, max, otherManager, statusChanged } from './decide-scenario';

const setStatus = (status: LeadStatus, actor: Actor, holder?: Actor) => ({
  type: 'ChangeLeadStatus' as const,
  data: { leadId: LEAD_ID, status },
  meta: by(actor, holder),
});
const changed = (from: LeadStatus, to: LeadStatus) => ({
  type: 'LeadStatusChanged' as const,
  data: { leadId: LEAD_ID, from, to, at: NOW },
});

describe('ChangeLeadStatus', () => {
  it('lets the holder mark the lead contacted (the fold records lastContactedAt from it)', () => {
    given(created, claimedBy(ann)).when(setStatus('contacted', ann)).then([changed('claimed', 'contacted')]);
  });

  it('enforces no order between work statuses, as the card offers them all', () => {
    given(created, claimedBy(ann)).when(setStatus('sold', ann)).then([changed('claimed', 'sold')]);
    given(created, claimedBy(ann), statusChanged('claimed', 'qualified'))
      .when(setStatus('claimed', ann))
      .then([changed('qualified', 'claimed')]);
  });

  it("lets a manager of the holder's team change it", () => {
    given(created, claimedBy(ann)).when(setStatus('qualified', max, ann)).then([changed('claimed', 'qualified')]);
  });

  it('lets the holder reopen a lost lead when the customer comes back', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'lost'))
      .when(setStatus('contacted', ann))
      .then([changed('lost', 'contacted')]);
  });

  it('refuses anyone else: teammates, team leads and managers of other teams', () => {
    for (const actor of [bob, lena, otherManager]) {
      given(created, claimedBy(ann))
        .when(setStatus('contacted', actor, ann))
        .then({ kind: 'Forbidden', code: 'lead.not_claimer', details: { claimedBy: ann.id } });
    }
  });

  it('refuses a lead nobody holds', () => {
    given(created)
      .when(setStatus('contacted', ann))
      .then({ kind: 'RuleViolation', code: 'lead.not_claimed', details: { status: 'available' } });
  });

  it("leaves undoing a sale to a manager of the holder's team", () => {
    const sold = [created, claimedBy(ann), statusChanged('claimed', 'sold')] as const;
    given(...sold).when(setStatus('lost', ann)).then({ kind: 'Forbidden', code: 'lead.reopen_sold_forbidden' });
    given(...sold).when(setStatus('qualified', max, ann)).then([changed('sold', 'qualified')]);
  });

  it('is a no-op when the status is already the one asked for', () => {
    given(created, claimedBy(ann)).when(setStatus('claimed', ann)).then([]);
    given(created, claimedBy(ann), statusChanged('claimed', 'sold')).when(setStatus('sold', ann)).then([]);
  });

  it('refuses a no-op from someone who may not act, rather than answering success', () => {
    given(created, claimedBy(ann)).when(setStatus('claimed', bob)).then({ kind: 'Forbidden', code: 'lead.not_claimer' });
  });

  it('answers not found for an unknown lead', () => {
    given().when(setStatus('contacted', ann)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});
