import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { queryOptions } from '@tanstack/react-query';
import { TimeTravelRangeSchema } from '@leadfloor/contracts';
import { api } from './api';

/** The address bar's `?asOf=`: the instant a time-travelling screen shows (null: live). */
export function readAsOf(search: URLSearchParams): string | null {
  const raw = search.get('asOf');
  if (!raw) return null;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * The instant shown, kept in the address bar so an auditor can share the link; setting it keeps
 * every other parameter (tab, filters, period) and replaces the history entry, so dragging the
 * scrubber does not fill Back with every step.
 */
export function useAsOf(): [string | null, (next: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const asOf = readAsOf(search);
  const setAsOf = useCallback((next: string | null) => setSearch((prev) => {
    const params = new URLSearchParams(prev);
    if (next) params.set('asOf', next);
    else params.delete('asOf');
    return params;
  }, { replace: true }), [setSearch]);
  return [asOf, setAsOf];
}

/** What the scrubber spans: the floor's first recorded moment to the server's now. */
export const timeTravelRangeQuery = () =>
  queryOptions({
    queryKey: ['time-travel', 'range'] as const,
    queryFn: ({ signal }) => api.get('/api/time-travel', TimeTravelRangeSchema, { signal }),
    staleTime: 30_000,
  });

/** The sentence every time-travelling screen shows, and the reason its writes are off. */
export const PAST_READ_ONLY = 'You are viewing the past: claims, moves and edits are off until you go back to live.';
