import type { LeadEvent } from '@leadfloor/events';
import { foldLead } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { LeadCommand } from './commands';
import { LEAD_ID, NOW, T0, ann, bob, by, claimedBy, created, max, statusChanged } from './decide-scenario';
import { activeClaimChanges, ACTIVE_CLAIMS } from './lead-counters';

const claim = (cap?: number): LeadCommand =>
  ({ type: 'ClaimLead', data: { leadId: LEAD_ID }, meta: { ...by(ann), claimCap: cap === undefined ? null : { max: cap, policyVersion: 2 } } });
const given = (...history: LeadEvent[]) => ({
  when: (events: LeadEvent[], commands: LeadCommand[] = [claim()]) => ({
    then: (expected: { key: number; delta: number; max?: number | null }[]) =>
      expect(activeClaimChanges(events, foldLead(history), commands))
        .toEqual(expected.map((c) => ({ scope: ACTIVE_CLAIMS, key: String(c.key), delta: c.delta, max: c.max ?? null }))),
  }),
});
const released = (from = ann): LeadEvent =>
  ({ type: 'LeadReleased', data: { leadId: LEAD_ID, userId: from.id, releasedBy: from.id, reason: 'manual', policyVersion: null, at: NOW } });

describe("an agent's count of active leads", () => {
  it('goes up by one on a claim, carrying the cap the command names', () => {
    given(created).when([claimedBy(ann, NOW)], [claim(5)]).then([{ key: ann.id, delta: 1, max: 5 }]);
    given(created).when([claimedBy(ann, NOW)], [claim()]).then([{ key: ann.id, delta: 1 }]);
  });

  it('goes down on a release, and on a close (sold or lost), with no cap on the way down', () => {
    given(created, claimedBy(ann)).when([released()], [claim(5)]).then([{ key: ann.id, delta: -1 }]);
    given(created, claimedBy(ann)).when([statusChanged('claimed', 'sold')]).then([{ key: ann.id, delta: -1 }]);
    given(created, claimedBy(ann), statusChanged('claimed', 'contacted')).when([statusChanged('contacted', 'lost')]).then([{ key: ann.id, delta: -1 }]);
  });

  it('moves with a reassignment, from the old holder to the new', () => {
    const reassigned: LeadEvent = { type: 'LeadReassigned', data: { leadId: LEAD_ID, from: ann.id, to: bob.id, reassignedBy: max.id, at: NOW } };
    given(created, claimedBy(ann)).when([reassigned], [{ type: 'ReassignLead', data: { leadId: LEAD_ID, toUserId: bob.id }, meta: { ...by(max, ann), assigneeTeamId: 10, claimCap: { max: 3, policyVersion: 1 } } }])
      .then([{ key: ann.id, delta: -1 }, { key: bob.id, delta: 1, max: 3 }]);
  });

  it('goes up again when a lost lead is reopened, against the cap', () => {
    const reopen: LeadCommand = { type: 'ChangeLeadStatus', data: { leadId: LEAD_ID, status: 'contacted' }, meta: { ...by(ann, ann), claimCap: { max: 2, policyVersion: 1 } } };
    given(created, claimedBy(ann), statusChanged('claimed', 'lost')).when([statusChanged('lost', 'contacted')], [reopen]).then([{ key: ann.id, delta: 1, max: 2 }]);
  });

  it('stays put through work on a held lead, and for a lost lead released back to the pool', () => {
    given(created, claimedBy(ann)).when([statusChanged('claimed', 'contacted'), statusChanged('contacted', 'qualified')]).then([]);
    given(created, claimedBy(ann), statusChanged('claimed', 'lost')).when([released()]).then([]);
    given(created, claimedBy(ann)).when([{ type: 'LeadScored', data: { leadId: LEAD_ID, score: 40, at: T0 } }]).then([]);
  });

  it('nets out within one command: released and claimed again is no change', () => {
    given(created, claimedBy(ann)).when([released(), claimedBy(ann, NOW)]).then([]);
  });
});
