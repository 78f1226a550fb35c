import { describe, expect, it } from 'vitest';
import { readFilterState, toApiFilters, writeFilterState } from './analytics-filters';

describe('analytics filters', () => {
  it('round-trips through the address and drops what it does not know', () => {
    const state = { range: '30d' as const, teamId: 4, leadType: 'forex' as const, source: 'none' as const };
    expect(readFilterState(writeFilterState(state))).toEqual(state);
    expect(readFilterState(new URLSearchParams('range=5y&team=-1&type=boats&source=tv'))).toEqual({ range: '12w', teamId: null, leadType: null, source: null });
    expect(writeFilterState(readFilterState(new URLSearchParams())).toString()).toBe('');
  });

  it('turns a rolling range into a start at local midnight, the same all day', () => {
    const morning = toApiFilters({ range: '30d', teamId: null, leadType: null, source: null }, new Date(2026, 2, 31, 8, 15));
    const evening = toApiFilters({ range: '30d', teamId: null, leadType: null, source: null }, new Date(2026, 2, 31, 23, 59));
    expect(morning).toEqual(evening);
    expect(new Date(morning.from!)).toEqual(new Date(2026, 2, 1));
    expect(toApiFilters({ range: 'all', teamId: 2, leadType: 'finance', source: 'website' }, new Date())).toEqual({ teamId: 2, leadType: 'finance', source: 'website' });
  });
});
