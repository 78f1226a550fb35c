import { describe, expect, it } from 'vitest';
import { callListParams, DEFAULT_CALL_FILTERS, hasActiveCallFilters, readCallFilters, writeCallFilters, type CallFilters } from './call-filters';

const filters = (over: Partial<CallFilters>): CallFilters => ({ ...DEFAULT_CALL_FILTERS, ...over });

describe('readCallFilters', () => {
  it('reads every filter from the address bar', () => {
    const read = readCallFilters(new URLSearchParams('result=no_answer&status=completed&analyzed=pending&from=2026-03-02&to=2026-03-08&agent=7'));
    expect(read).toEqual({ result: 'no_answer', status: 'completed', analyzed: 'pending', from: '2026-03-02', to: '2026-03-08', agent: 7 });
  });
  it('falls back to the defaults for unknown or malformed values', () => {
    const read = readCallFilters(new URLSearchParams('result=maybe&status=ringing&analyzed=yes&from=2026-02-30&to=03/08/2026&agent=-2'));
    expect(read).toEqual(DEFAULT_CALL_FILTERS);
    expect(readCallFilters(new URLSearchParams('agent=1.5')).agent).toBeNull();
  });
  it('swaps a range given back to front', () => {
    expect(readCallFilters(new URLSearchParams('from=2026-03-08&to=2026-03-02'))).toMatchObject({ from: '2026-03-02', to: '2026-03-08' });
  });
});

describe('writeCallFilters', () => {
  it('writes nothing for the defaults, so /calls stays plain', () => {
    expect(writeCallFilters(DEFAULT_CALL_FILTERS).toString()).toBe('');
    expect(hasActiveCallFilters(DEFAULT_CALL_FILTERS)).toBe(false);
  });
  it('round-trips through the address bar', () => {
    const f = filters({ result: 'connected', analyzed: 'analyzed', from: '2026-03-02', agent: 12 });
    expect(readCallFilters(writeCallFilters(f))).toEqual(f);
    expect(hasActiveCallFilters(f)).toBe(true);
  });
});

describe('callListParams', () => {
  it('sends nothing for the defaults', () => {
    expect(callListParams(DEFAULT_CALL_FILTERS)).toEqual({});
  });
  it('maps the filters onto the API parameters', () => {
    expect(callListParams(filters({ result: 'busy', status: 'in_progress', analyzed: 'pending', agent: 4 })))
      .toEqual({ result: 'busy', status: 'in_progress', analyzed: 'false', userId: 4 });
    expect(callListParams(filters({ analyzed: 'analyzed' })).analyzed).toBe('true');
  });
  it('turns local days into the instants that start and end them', () => {
    const params = callListParams(filters({ from: '2026-03-02', to: '2026-03-08' }));
    expect(params.from).toBe(new Date(2026, 2, 2).toISOString());
    expect(params.to).toBe(new Date(2026, 2, 8, 23, 59, 59, 999).toISOString());
  });
});
