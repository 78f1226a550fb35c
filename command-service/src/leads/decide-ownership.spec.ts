import { describe, it } from 'vitest';
import type { Actor } from './commands';
import {
  LEAD_ID,
  NOW,
  ann,
  bob,
  by,
  cat,
  claimedBy,
  created,
  followUp,
  given,
  lena,
  max,
  otherManager,
  statusChanged,
} from './decide-scenario';

const release = (actor: Actor, holder?: Actor) => ({ type: 'ReleaseLead' as const, data: { leadId: LEAD_ID }, meta: by(actor, holder) });
const released = (releasedBy: Actor) => ({
  type: 'LeadReleased' as const,
  data: { leadId: LEAD_ID, userId: ann.id, releasedBy: releasedBy.id, reason: 'manual' as const, policyVersion: null, at: NOW },
});

describe('ReleaseLead', () => {
  it('lets the holder put the lead back in the pool', () => {
    given(created, claimedBy(ann)).when(release(ann)).then([released(ann)]);
  });

  it("lets a manager or team lead of the holder's team release it", () => {
    given(created, claimedBy(ann)).when(release(max, ann)).then([released(max)]);
    given(created, claimedBy(ann)).when(release(lena, ann)).then([released(lena)]);
  });

  it('clears a scheduled follow-up, since nobody would keep it', () => {
    given(created, claimedBy(ann), followUp('2025-03-05T09:00:00.000Z'))
      .when(release(ann))
      .then([released(ann), { type: 'FollowUpCleared', data: { leadId: LEAD_ID, at: NOW } }]);
  });

  it('recycles a lost lead into the pool', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'lost')).when(release(ann)).then([released(ann)]);
  });

  it('refuses another agent, even a teammate', () => {
    given(created, claimedBy(ann))
      .when(release(bob, ann))
      .then({ kind: 'Forbidden', code: 'lead.release_forbidden', details: { claimedBy: ann.id } });
  });

  it("refuses a manager of another team, and a manager whose holder's team the caller did not resolve", () => {
    given(created, claimedBy(ann)).when(release(otherManager, ann)).then({ kind: 'Forbidden', code: 'lead.release_forbidden' });
    given(created, claimedBy(ann)).when(release(max)).then({ kind: 'Forbidden', code: 'lead.release_forbidden' });
  });

  it('ignores a holder lookup made for someone who no longer holds the lead', () => {
    given(created, claimedBy(cat)).when(release(max, ann)).then({ kind: 'Forbidden', code: 'lead.release_forbidden' });
  });

  it('refuses to release a sold lead: it stays with its seller', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'sold'))
      .when(release(max, ann))
      .then({ kind: 'RuleViolation', code: 'lead.sold_is_final' });
  });

  it('is a no-op on a lead already in the pool', () => {
    given(created).when(release(ann)).then([]);
  });

  it('answers not found for an unknown lead', () => {
    given().when(release(ann)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});

describe('ChangeLeadStatus to available', () => {
  const toAvailable = (actor: Actor, holder?: Actor) => ({
    type: 'ChangeLeadStatus' as const,
    data: { leadId: LEAD_ID, status: 'available' as const },
    meta: by(actor, holder),
  });

  it('is a release, with the same event and permissions', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'contacted')).when(toAvailable(ann)).then([released(ann)]);
    given(created, claimedBy(ann)).when(toAvailable(lena, ann)).then([released(lena)]);
    given(created, claimedBy(ann)).when(toAvailable(bob, ann)).then({ kind: 'Forbidden', code: 'lead.release_forbidden' });
  });
});

describe('ReassignLead', () => {
  const reassign = (actor: Actor, to: Actor, holder?: Actor) => ({
    type: 'ReassignLead' as const,
    data: { leadId: LEAD_ID, toUserId: to.id },
    meta: { ...by(actor, holder), assigneeTeamId: to.teamId },
  });
  const reassigned = (to: Actor) => ({
    type: 'LeadReassigned' as const,
    data: { leadId: LEAD_ID, from: ann.id, to: to.id, reassignedBy: max.id, at: NOW },
  });

  it("lets a manager of the holder's team move the lead to a teammate", () => {
    given(created, claimedBy(ann)).when(reassign(max, bob, ann)).then([reassigned(bob)]);
  });

  it('keeps the lead where it is in the pipeline (a worked lead can move)', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'lost')).when(reassign(max, bob, ann)).then([reassigned(bob)]);
  });

  it('refuses anyone but a manager, the holder and team leads included', () => {
    given(created, claimedBy(ann)).when(reassign(ann, bob, ann)).then({ kind: 'Forbidden', code: 'lead.reassign_forbidden' });
    given(created, claimedBy(ann)).when(reassign(lena, bob, ann)).then({ kind: 'Forbidden', code: 'lead.reassign_forbidden' });
  });

  it("refuses a manager of another team, and a move to someone outside the manager's team", () => {
    given(created, claimedBy(ann)).when(reassign(otherManager, cat, ann)).then({ kind: 'Forbidden', code: 'lead.reassign_forbidden' });
    given(created, claimedBy(ann))
      .when(reassign(max, cat, ann))
      .then({ kind: 'Forbidden', code: 'lead.assignee_not_in_team', details: { toUserId: cat.id } });
  });

  it('refuses a lead in the pool: that is what claiming is for', () => {
    given(created).when(reassign(max, bob)).then({ kind: 'RuleViolation', code: 'lead.not_claimed' });
  });

  it('refuses a sold lead: the sale and its commission stay with the seller', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'sold'))
      .when(reassign(max, bob, ann))
      .then({ kind: 'RuleViolation', code: 'lead.sold_is_final' });
  });

  it('is a no-op when the lead already belongs to that person', () => {
    given(created, claimedBy(ann)).when(reassign(max, ann, ann)).then([]);
  });

  it('answers not found for an unknown lead', () => {
    given().when(reassign(max, bob)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});
