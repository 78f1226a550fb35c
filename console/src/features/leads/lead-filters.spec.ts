import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, hasActiveFilters, localDay, poolQueryParams, readPoolState, writePoolState, type LeadFilters } from './lead-filters';

const filters = (over: Partial<LeadFilters>): LeadFilters => ({ ...DEFAULT_FILTERS, ...over });

describe('poolQueryParams (spec 3 filters → GET /api/leads)', () => {
  it('sends only the tab and sort when nothing is filtered', () => {
    expect(poolQueryParams('all', 'newest', DEFAULT_FILTERS)).toEqual({ tab: 'all', sort: 'newest' });
  });

  it("drops 'all' selects and false switches, keeps chosen values", () => {
    const params = poolQueryParams('claimed', 'name_asc', filters({
      typeFilter: 'forex', statusFilter: 'all', priorityFilter: 'high', stageFilter: 'proposal',
      hasFollowUp: true, followUpDue: false, showMyLeadsOnly: true,
    }));
    expect(params).toEqual({
      tab: 'claimed', sort: 'name_asc', typeFilter: 'forex', priorityFilter: 'high', stageFilter: 'proposal',
      hasFollowUp: 'true', showMyLeadsOnly: 'true',
    });
  });

  it('trims the search and ignores a blank one', () => {
    expect(poolQueryParams('all', 'newest', filters({ search: '  ann  ' })).search).toBe('ann');
    expect(poolQueryParams('all', 'newest', filters({ search: '   ' }))).not.toHaveProperty('search');
  });

  it('sends the score range only when it narrows 0-100', () => {
    expect(poolQueryParams('all', 'newest', filters({ scoreRange: [0, 100] }))).not.toHaveProperty('scoreMin');
    expect(poolQueryParams('all', 'newest', filters({ scoreRange: [20, 100] }))).toMatchObject({ scoreMin: 20, scoreMax: 100 });
  });

  it('joins tags with commas (the lead must have every one)', () => {
    expect(poolQueryParams('all', 'newest', filters({ tags: ['VIP', 'Hot Lead'] })).tags).toBe('VIP,Hot Lead');
  });

  it('turns local days into the instants they start and end', () => {
    const params = poolQueryParams('all', 'newest', filters({ dateRange: { field: 'createdAt', startDate: '2026-03-01', endDate: '2026-03-09' } }));
    expect(params.dateField).toBe('createdAt');
    expect(params.startDate).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(params.endDate).toBe(new Date(2026, 2, 9, 23, 59, 59, 999).toISOString());
  });

  it('sends no date filter for a field without dates', () => {
    const params = poolQueryParams('all', 'newest', filters({ dateRange: { field: 'nextFollowUp', startDate: null, endDate: null } }));
    expect(params).not.toHaveProperty('dateField');
  });
});

describe('pool state in the address bar', () => {
  it('round-trips every filter', () => {
    const state = {
      tab: 'closed', sort: 'status', view: 'pipeline',
      filters: filters({
        search: 'smith', typeFilter: 'real_estate', statusFilter: 'sold', priorityFilter: 'low', stageFilter: 'closed',
        hasFollowUp: true, followUpDue: true, showMyLeadsOnly: true, scoreRange: [10, 90], tags: ['VIP'],
        dateRange: { field: 'lastContactedAt', startDate: '2026-01-02', endDate: null },
      }),
    } as const;
    expect(readPoolState(writePoolState(state))).toEqual(state);
  });

  it('keeps a plain /leads plain', () => {
    expect(writePoolState(readPoolState(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to defaults for unknown or malformed values', () => {
    const state = readPoolState(new URLSearchParams('tab=nope&sort=x&typeFilter=cars&scoreMin=abc&scoreMax=400&startDate=2026-13-45&dateField=createdAt'));
    expect(state.tab).toBe('all');
    expect(state.sort).toBe('newest');
    expect(state.filters.typeFilter).toBe('all');
    expect(state.filters.scoreRange).toEqual([0, 100]);
    expect(state.filters.dateRange).toEqual({ field: 'createdAt', startDate: null, endDate: null });
  });

  it('puts a reversed score range in order', () => {
    expect(readPoolState(new URLSearchParams('scoreMin=80&scoreMax=20')).filters.scoreRange).toEqual([20, 80]);
  });

  it('ignores dates without a date field', () => {
    expect(readPoolState(new URLSearchParams('startDate=2026-01-01')).filters.dateRange.startDate).toBeNull();
  });

  it('counts filters but not the tab, sort or view as active', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ tags: ['VIP'] }))).toBe(true);
    expect(hasActiveFilters(filters({ dateRange: { field: 'createdAt', startDate: null, endDate: null } }))).toBe(true);
  });
});

describe('localDay', () => {
  it('reads a real calendar day as local midnight', () => {
    expect(localDay('2028-02-29')).toEqual(new Date(2028, 1, 29));
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const raw of ['2026-02-29', '2026-04-31', '2026-1-5', '05/01/2026', '', null, undefined]) expect(localDay(raw)).toBeNull();
  });
});
