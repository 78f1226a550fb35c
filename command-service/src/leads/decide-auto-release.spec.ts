import type { LeadEvent } from '@leadfloor/events';
import { describe, it } from 'vitest';
import type { AutoReleaseLead, AutoReleasePolicy, WarnOfAutoRelease } from './commands';
import { LEAD_ID, T0, ann, bob, by, cat, claimedBy, created, followUp, given, lena, max, otherManager, statusChanged } from './decide-scenario';

// T0 = 2025-03-01T09:00Z is when ann claims; a 24-hour rule with a 60-minute warning releases at
// 2025-03-02T09:00Z and warns at 08:00Z.
const RELEASE_AT = '2025-03-02T09:00:00.000Z';
const WARN_AT = '2025-03-02T08:00:00.000Z';
const policy: AutoReleasePolicy = { autoReleaseHours: 24, warnBeforeReleaseMinutes: 60, autoReleaseSince: null, version: 3 };
const at = (iso: string, p = policy) => ({ now: iso, policy: p });
const release = (now: string, claimedAt = T0, p = policy): AutoReleaseLead =>
  ({ type: 'AutoReleaseLead', data: { leadId: LEAD_ID, claimedAt }, meta: at(now, p) });
const warn = (now: string, claimedAt = T0, p = policy): WarnOfAutoRelease =>
  ({ type: 'WarnOfAutoRelease', data: { leadId: LEAD_ID, claimedAt }, meta: at(now, p) });
const autoReleased = (now: string): LeadEvent => ({
  type: 'LeadReleased', data: { leadId: LEAD_ID, at: now, userId: ann.id, releasedBy: null, reason: 'auto_release', policyVersion: 3 },
});
const warned: LeadEvent = { type: 'LeadAutoReleaseWarned', data: { leadId: LEAD_ID, at: WARN_AT, userId: ann.id, releaseAt: RELEASE_AT, policyVersion: 3 } };
const exempted: LeadEvent = { type: 'LeadAutoReleaseExempted', data: { leadId: LEAD_ID, exemptedBy: max.id, at: T0 } };
const lifted = (when: string): LeadEvent => ({ type: 'LeadAutoReleaseExemptionLifted', data: { leadId: LEAD_ID, liftedBy: max.id, at: when } });

describe('AutoReleaseLead', () => {
  it('releases a lead still only claimed once its time is up, naming the reason and the policy version', () => {
    given(created, claimedBy(ann)).when(release(RELEASE_AT)).then([autoReleased(RELEASE_AT)]);
  });

  it('clears the follow-up as any release does', () => {
    given(created, claimedBy(ann), followUp('2025-03-05T10:00:00.000Z')).when(release(RELEASE_AT))
      .then([autoReleased(RELEASE_AT), { type: 'FollowUpCleared', data: { leadId: LEAD_ID, at: RELEASE_AT } }]);
  });

  it('does nothing before its time (a timer that fires early, or a policy that was lengthened)', () => {
    given(created, claimedBy(ann)).when(release('2025-03-02T08:59:59.999Z')).then([]);
  });

  it('does nothing once the holder reached the customer', () => {
    given(created, claimedBy(ann), statusChanged('claimed', 'contacted')).when(release(RELEASE_AT)).then([]);
    given(created, claimedBy(ann), statusChanged('claimed', 'qualified')).when(release(RELEASE_AT)).then([]);
  });

  it('counts a contact made during the holding even when the status was set back to claimed', () => {
    const back: LeadEvent = { type: 'LeadStatusChanged', data: { leadId: LEAD_ID, from: 'contacted', to: 'claimed', at: T0 } };
    given(created, claimedBy(ann), statusChanged('claimed', 'contacted'), back).when(release(RELEASE_AT)).then([]);
  });

  it('releases once: a second timer, or the reconciler racing it, finds the lead back in the pool', () => {
    given(created, claimedBy(ann), autoReleased(RELEASE_AT)).when(release(RELEASE_AT)).then([]);
  });

  it('leaves a later holding alone: the timer was for the claim it names', () => {
    const later = '2025-03-02T09:30:00.000Z';
    given(created, claimedBy(ann), autoReleased(RELEASE_AT), claimedBy(bob, later)).when(release('2025-03-02T10:00:00.000Z')).then([]);
  });

  it('leaves an exempt lead alone', () => {
    given(created, exempted, claimedBy(ann)).when(release(RELEASE_AT)).then([]);
  });

  it('times a lead from the end of its exemption', () => {
    const liftedAt = '2025-03-01T21:00:00.000Z';
    given(created, claimedBy(ann), exempted, lifted(liftedAt)).when(release(RELEASE_AT)).then([]);
    given(created, claimedBy(ann), exempted, lifted(liftedAt)).when(release('2025-03-02T21:00:00.000Z')).then([autoReleased('2025-03-02T21:00:00.000Z')]);
  });

  it('times a holding older than the rule from when the rule began', () => {
    const since = { ...policy, autoReleaseSince: '2025-03-01T18:00:00.000Z' };
    given(created, claimedBy(ann)).when(release(RELEASE_AT, T0, since)).then([]);
    given(created, claimedBy(ann)).when(release('2025-03-02T18:00:00.000Z', T0, since))
      .then([{ ...autoReleased('2025-03-02T18:00:00.000Z') }]);
  });

  it('does nothing when the floor has no auto-release rule', () => {
    given(created, claimedBy(ann)).when(release('2026-01-01T00:00:00.000Z', T0, { ...policy, autoReleaseHours: null })).then([]);
  });

  it('restarts the clock for a new holder after a reassignment', () => {
    const reassignedAt = '2025-03-01T20:00:00.000Z';
    const reassigned: LeadEvent = { type: 'LeadReassigned', data: { leadId: LEAD_ID, from: ann.id, to: bob.id, reassignedBy: max.id, at: reassignedAt } };
    given(created, claimedBy(ann), reassigned).when(release(RELEASE_AT)).then([]);
    given(created, claimedBy(ann), reassigned).when(release(RELEASE_AT, reassignedAt)).then([]);
    given(created, claimedBy(ann), reassigned).when(release('2025-03-02T20:00:00.000Z', reassignedAt)).then([{
      type: 'LeadReleased',
      data: { leadId: LEAD_ID, at: '2025-03-02T20:00:00.000Z', userId: bob.id, releasedBy: null, reason: 'auto_release', policyVersion: 3 },
    }]);
  });
});

describe('WarnOfAutoRelease', () => {
  it('warns the holder from the warning time on, naming when the lead goes back', () => {
    given(created, claimedBy(ann)).when(warn(WARN_AT)).then([warned]);
  });

  it('does nothing before the warning time, or once the release is due', () => {
    given(created, claimedBy(ann)).when(warn('2025-03-02T07:59:59.999Z')).then([]);
    given(created, claimedBy(ann)).when(warn(RELEASE_AT)).then([]);
  });

  it('warns once per holding and release time', () => {
    given(created, claimedBy(ann), warned).when(warn('2025-03-02T08:10:00.000Z')).then([]);
  });

  it('warns again when a new policy moves the release', () => {
    const shorter = { ...policy, autoReleaseHours: 23, version: 4 };
    given(created, claimedBy(ann), warned).when(warn('2025-03-02T07:30:00.000Z', T0, shorter)).then([{
      type: 'LeadAutoReleaseWarned',
      data: { leadId: LEAD_ID, at: '2025-03-02T07:30:00.000Z', userId: ann.id, releaseAt: '2025-03-02T08:00:00.000Z', policyVersion: 4 },
    }]);
  });

  it('gives no warning under a rule without one', () => {
    given(created, claimedBy(ann)).when(warn(WARN_AT, T0, { ...policy, warnBeforeReleaseMinutes: 0 })).then([]);
  });

  it('gives a new holder their own warning', () => {
    const later = '2025-03-01T10:00:00.000Z';
    given(created, claimedBy(ann), warned, autoReleased(RELEASE_AT), claimedBy(bob, later))
      .when(warn('2025-03-02T09:00:00.000Z', later)).then([{
        type: 'LeadAutoReleaseWarned',
        data: { leadId: LEAD_ID, at: '2025-03-02T09:00:00.000Z', userId: bob.id, releaseAt: '2025-03-02T10:00:00.000Z', policyVersion: 3 },
      }]);
  });
});

describe('ExemptFromAutoRelease and LiftAutoReleaseExemption', () => {
  const exempt = (actor = max, holder?: typeof ann) => ({ type: 'ExemptFromAutoRelease' as const, data: { leadId: LEAD_ID }, meta: by(actor, holder) });
  const lift = (actor = max, holder?: typeof ann) => ({ type: 'LiftAutoReleaseExemption' as const, data: { leadId: LEAD_ID }, meta: by(actor, holder) });
  const exemptedNow = (by = max): LeadEvent => ({ type: 'LeadAutoReleaseExempted', data: { leadId: LEAD_ID, exemptedBy: by.id, at: '2025-03-02T10:00:00.000Z' } });

  it("lets a manager of the holder's team exempt a held lead, and lift it", () => {
    given(created, claimedBy(ann)).when(exempt(max, ann)).then([exemptedNow()]);
    given(created, claimedBy(ann), exempted).when(lift(max, ann))
      .then([{ type: 'LeadAutoReleaseExemptionLifted', data: { leadId: LEAD_ID, liftedBy: max.id, at: '2025-03-02T10:00:00.000Z' } }]);
  });

  it('lets the manager a team names exempt its leads, though they sit on another team', () => {
    const named = { now: '2025-03-02T10:00:00.000Z', actor: otherManager, claimer: { id: ann.id, teamId: ann.teamId, teamManagerId: otherManager.id } };
    given(created, claimedBy(ann)).when({ type: 'ExemptFromAutoRelease', data: { leadId: LEAD_ID }, meta: named }).then([exemptedNow(otherManager)]);
    const other = { ...named, claimer: { ...named.claimer, teamManagerId: max.id } };
    given(created, claimedBy(ann)).when({ type: 'ExemptFromAutoRelease', data: { leadId: LEAD_ID }, meta: other }).then({ kind: 'Forbidden', code: 'lead.exemption_forbidden' });
  });

  it('lets any manager exempt a lead in the pool', () => {
    given(created).when(exempt(otherManager)).then([exemptedNow(otherManager)]);
  });

  it("refuses agents, team leads and another team's manager", () => {
    for (const [actor, holder] of [[ann, ann], [lena, ann], [otherManager, ann], [bob, cat]] as const) {
      given(created, claimedBy(holder)).when(exempt(actor, holder)).then({ kind: 'Forbidden', code: 'lead.exemption_forbidden' });
    }
    given(created).when(lift(ann)).then({ kind: 'Forbidden', code: 'lead.exemption_forbidden' });
  });

  it('changes nothing when already so', () => {
    given(created, exempted).when(exempt(max)).then([]);
    given(created).when(lift(max)).then([]);
  });

  it('refuses a lead that does not exist', () => {
    given().when(exempt(max)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});
