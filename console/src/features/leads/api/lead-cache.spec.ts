import { describe, expect, it } from 'vitest';
import type { Lead } from '@leadfloor/contracts';
import { withLead, withLeadFirst, withoutLead, type LeadPages } from './lead-cache';

const lead = (id: number, over: Partial<Lead> = {}): Lead => ({
  id, name: `Lead ${id}`, email: `l${id}@example.com`, phone: '555-0100', address: null, city: 'Austin', state: 'TX',
  leadType: 'forex', status: 'claimed', source: null, funnelSource: null, funnelCampaignId: null, notes: null, tags: [], priority: 'medium', stage: 'new', score: null,
  scoredAt: null, nextFollowUp: null, lastContactedAt: null, claimedBy: 7, claimedByName: 'Ann', claimedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z', autoReleaseExempt: false, autoReleaseAt: null, version: 2, ...over,
});
const pages = (...ids: number[][]): LeadPages => ({
  pageParams: ids.map((_, i) => (i === 0 ? undefined : `c${i}`)),
  pages: ids.map((page, i) => ({
    leads: page.map((id) => lead(id)), total: ids.flat().length, typeCounts: { forex: ids.flat().length }, nextCursor: i < ids.length - 1 ? `c${i + 1}` : null,
  })),
});

describe('lead cache edits (pipeline moves and read-your-writes)', () => {
  it('takes a lead out of a column and off its counts', () => {
    const next = withoutLead(pages([1, 2], [3]), 3);
    expect(next.pages.flatMap((p) => p.leads.map((l) => l.id))).toEqual([1, 2]);
    expect(next.pages[0]).toMatchObject({ total: 2, typeCounts: { forex: 2 } });
  });

  it('puts a lead on top of a column and counts it in', () => {
    const next = withLeadFirst(pages([1], [2]), lead(9, { stage: 'discovery', leadType: 'finance' }));
    expect(next.pages[0]!.leads.map((l) => l.id)).toEqual([9, 1]);
    expect(next.pages[0]).toMatchObject({ total: 3, typeCounts: { forex: 2, finance: 1 } });
  });

  it('leaves a column alone when the lead is not in it', () => {
    const before = pages([1]);
    expect(withoutLead(before, 5)).toBe(before);
  });

  it('replaces a lead with a newer copy, never with an older one', () => {
    const newer = withLead(pages([1, 2]), lead(2, { version: 3, stage: 'proposal' })) as LeadPages;
    expect(newer.pages[0]!.leads[1]).toMatchObject({ stage: 'proposal', version: 3 });
    const older = withLead(newer, lead(2, { version: 1, stage: 'new' })) as LeadPages;
    expect(older.pages[0]!.leads[1]).toMatchObject({ stage: 'proposal' });
  });

  it('edits a plain (non-paged) list too', () => {
    const list = { leads: [lead(1)], total: 1, typeCounts: { forex: 1 }, nextCursor: null };
    expect(withLead(list, lead(1, { version: 5, score: 80 }))).toMatchObject({ leads: [{ score: 80 }] });
  });
});
