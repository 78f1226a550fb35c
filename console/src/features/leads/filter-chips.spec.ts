import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips';
import { DEFAULT_FILTERS, type LeadFilters } from './lead-filters';

const filters = (over: Partial<LeadFilters>): LeadFilters => ({ ...DEFAULT_FILTERS, ...over });

describe('filterChips (spec 2.6 active-filter chips)', () => {
  it('shows no chip without filters', () => {
    expect(filterChips(DEFAULT_FILTERS)).toEqual([]);
  });

  it('labels each active filter and gives every tag its own chip', () => {
    const labels = filterChips(filters({ search: 'ann', typeFilter: 'finance', tags: ['VIP', 'Hot Lead'], scoreRange: [25, 74] })).map((c) => c.label);
    expect(labels).toEqual(['Search: ann', 'Type: Finance', 'Score: 25–74', 'Tag: VIP', 'Tag: Hot Lead']);
  });

  it('formats date chips as MM/dd/yy', () => {
    const [chip] = filterChips(filters({ dateRange: { field: 'createdAt', startDate: '2026-03-01', endDate: '2026-03-09' } }));
    expect(chip?.label).toBe('Created: 03/01/26 – 03/09/26');
    const [open] = filterChips(filters({ dateRange: { field: 'nextFollowUp', startDate: null, endDate: '2026-12-31' } }));
    expect(open?.label).toBe('Next follow-up: until 12/31/26');
  });

  it('removes only its own filter', () => {
    const f = filters({ tags: ['VIP', 'Hot Lead'], hasFollowUp: true });
    const vip = filterChips(f).find((c) => c.label === 'Tag: VIP')!;
    expect(vip.without(f)).toEqual(filters({ tags: ['Hot Lead'], hasFollowUp: true }));
  });
});
