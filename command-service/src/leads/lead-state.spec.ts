import type { LeadEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { LEAD_ID, T0, ann, bob, claimedBy, created } from './decide-scenario';
import { evolveLead as evolve, foldLead, initialLeadState as initialState } from '@leadfloor/events';

const at = (h: number) => `2025-03-0${h}T12:00:00.000Z`;

describe('evolve', () => {
  it('creates an available, unscored, untagged lead in stage new with medium priority', () => {
    expect(foldLead([created])).toMatchObject({
      exists: true,
      id: LEAD_ID,
      status: 'available',
      claimedBy: null,
      stage: 'new',
      priority: 'medium',
      score: null,
      tags: [],
      nextFollowUp: null,
      lastContactedAt: null,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it('records lastContactedAt when the status moves to contacted, and keeps it afterwards', () => {
    const lead = foldLead([
      created,
      claimedBy(ann, at(2)),
      { type: 'LeadStatusChanged', data: { leadId: LEAD_ID, from: 'claimed', to: 'contacted', at: at(3) } },
      { type: 'LeadStatusChanged', data: { leadId: LEAD_ID, from: 'contacted', to: 'qualified', at: at(4) } },
    ]);
    expect(lead).toMatchObject({ status: 'qualified', claimedBy: ann.id, lastContactedAt: at(3), updatedAt: at(4) });
  });

  it('returns a released lead to the pool and hands a reassigned one over without losing its progress', () => {
    const worked: LeadEvent[] = [
      created,
      claimedBy(ann, at(2)),
      { type: 'LeadStatusChanged', data: { leadId: LEAD_ID, from: 'claimed', to: 'qualified', at: at(3) } },
    ];
    expect(
      foldLead([...worked, { type: 'LeadReassigned', data: { leadId: LEAD_ID, from: ann.id, to: bob.id, reassignedBy: 100, at: at(4) } }]),
    ).toMatchObject({ status: 'qualified', claimedBy: bob.id, claimedAt: at(4) });
    expect(
      foldLead([...worked, { type: 'LeadReleased', data: { leadId: LEAD_ID, userId: ann.id, releasedBy: ann.id, reason: 'manual', policyVersion: null, at: at(4) } }]),
    ).toMatchObject({ status: 'available', claimedBy: null, claimedAt: null });
  });

  it('ignores events that arrive before the lead exists instead of inventing a lead', () => {
    expect(evolve(initialState(), claimedBy(ann))).toEqual({ exists: false });
  });

  it('rebuilds the lead as of an instant by folding only the events up to it', () => {
    const history: LeadEvent[] = [
      created,
      claimedBy(ann, at(2)),
      { type: 'LeadScored', data: { leadId: LEAD_ID, score: 40, at: at(3) } },
      { type: 'LeadTagsChanged', data: { leadId: LEAD_ID, tags: ['VIP'], at: at(4) } },
      { type: 'LeadScored', data: { leadId: LEAD_ID, score: 90, at: at(5) } },
    ];
    const asOf = (iso: string) => foldLead(history.filter((e) => Date.parse(e.data.at) <= Date.parse(iso)));
    expect(asOf('2025-03-03T18:00:00.000Z')).toMatchObject({ claimedBy: ann.id, score: 40, scoredAt: at(3), tags: [] });
    expect(asOf('2025-03-09T00:00:00.000Z')).toMatchObject({ score: 90, tags: ['VIP'] });
    expect(asOf('2025-02-01T00:00:00.000Z')).toEqual({ exists: false });
  });
});
