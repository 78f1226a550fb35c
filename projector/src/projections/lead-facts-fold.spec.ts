import type { LeadEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { evolveLeadFacts, type FactState } from './lead-facts-fold';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, m)).toISOString();
const created: LeadEvent = { type: 'LeadCreated', data: {
  leadId: 7, name: 'Ann', email: 'a@example.com', phone: '555-0101', address: null, city: 'Austin', state: 'TX',
  leadType: 'forex', source: 'referral', notes: null, createdBy: 1, at: at(0) } };
const given = (...events: LeadEvent[]): FactState =>
  events.reduce<FactState>((s, e, i) => evolveLeadFacts(s, e, i + 1), { row: null, openStage: null });

describe('lead facts', () => {
  it('counts a lead claimed straight to qualified as contacted at the same instant', () => {
    const s = given(created, { type: 'LeadClaimed', data: { leadId: 7, userId: 3, at: at(5) } },
      { type: 'LeadStatusChanged', data: { leadId: 7, from: 'claimed', to: 'qualified', at: at(9) } });
    expect(s.row).toMatchObject({ first_claimed_at: at(5), first_claimed_by: 3, contacted_at: at(9), qualified_at: at(9), agent_id: 3, version: 3 });
  });

  it('keeps the first claim and first contact, but the outcome is the status now', () => {
    const s = given(created, { type: 'LeadClaimed', data: { leadId: 7, userId: 3, at: at(5) } },
      { type: 'LeadStatusChanged', data: { leadId: 7, from: 'claimed', to: 'sold', at: at(6) } },
      { type: 'LeadStatusChanged', data: { leadId: 7, from: 'sold', to: 'contacted', at: at(7) } },
      { type: 'LeadReleased', data: { leadId: 7, userId: 3, releasedBy: 3, reason: 'manual', policyVersion: null, at: at(8) } },
      { type: 'LeadClaimed', data: { leadId: 7, userId: 4, at: at(9) } });
    expect(s.row).toMatchObject({ first_claimed_at: at(5), first_claimed_by: 3, contacted_at: at(6), sold_at: null, agent_id: 4, status: 'claimed' });
  });

  it('closes a stage stay when the lead moves on and opens the next', () => {
    const before = given(created);
    const change = evolveLeadFacts(before, { type: 'LeadStageMoved', data: { leadId: 7, from: 'new', to: 'discovery', at: at(3) } }, 2);
    expect(change.intervals).toEqual([
      { lead_id: 7, entered_version: 1, stage: 'new', entered_at: at(0), left_at: at(3) },
      { lead_id: 7, entered_version: 2, stage: 'discovery', entered_at: at(3), left_at: null },
    ]);
  });

  it('ignores events of a lead it has not seen created', () => {
    expect(given({ type: 'LeadClaimed', data: { leadId: 7, userId: 3, at: at(5) } })).toMatchObject({ row: null, openStage: null, intervals: [] });
  });

  it('takes a new source from an edit of the details, and keeps the rest', () => {
    const s = given(created, { type: 'LeadDetailsEdited', data: { leadId: 7, changes: { source: 'website', name: 'Ann Lee' }, at: at(4) } });
    expect(s.row).toMatchObject({ source: 'website', lead_type: 'forex', created_at: at(0), version: 2 });
    expect(given(created, { type: 'LeadDetailsEdited', data: { leadId: 7, changes: { city: 'Dallas' }, at: at(4) } }).row).toMatchObject({ source: 'referral', version: 2 });
  });

  it('has no facts for a withdrawn lead (an undone import took it back)', () => {
    const s = given(created, { type: 'LeadWithdrawn', data: { leadId: 7, importId: 3, by: 1, at: at(4) } });
    expect(s).toMatchObject({ row: null, openStage: null });
  });
});
