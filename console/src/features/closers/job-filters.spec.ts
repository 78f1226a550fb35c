import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_FILTERS, hasActiveJobFilters, jobBoardParams, readJobFilters, writeJobFilters } from './job-filters';

describe('job board filters', () => {
  it('reads the defaults from a plain address, and writes nothing for them', () => {
    expect(readJobFilters(new URLSearchParams())).toEqual(DEFAULT_JOB_FILTERS);
    expect(writeJobFilters(DEFAULT_JOB_FILTERS).toString()).toBe('');
    expect(hasActiveJobFilters(DEFAULT_JOB_FILTERS)).toBe(false);
  });
  it('round-trips every filter through the address bar', () => {
    const filters = { search: 'solar panels', type: 'contract', location: 'Austin', minCommission: '1,500', sort: 'commission_desc' } as const;
    expect(readJobFilters(writeJobFilters(filters))).toEqual(filters);
    expect(hasActiveJobFilters(filters)).toBe(true);
  });
  it('drops an unknown type or sort and a commission floor that is not dollars', () => {
    expect(readJobFilters(new URLSearchParams('type=boss&sort=random&min=lots'))).toEqual(DEFAULT_JOB_FILTERS);
  });
  it('sends trimmed text and the commission floor in cents, leaving out what is not set', () => {
    expect(jobBoardParams({ ...DEFAULT_JOB_FILTERS, search: '  solar ', minCommission: '$1,500.5' })).toEqual({ search: 'solar', minCommission: 150_050, sort: 'newest' });
    expect(jobBoardParams(DEFAULT_JOB_FILTERS)).toEqual({ sort: 'newest' });
  });
  it('does not count the order as a filter', () => {
    expect(hasActiveJobFilters({ ...DEFAULT_JOB_FILTERS, sort: 'commission_asc' })).toBe(false);
  });
});
