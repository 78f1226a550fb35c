import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilterState, toApiFilters, writeFilterState, type FilterState } from './analytics-filters';

/** The page's filters, kept in the address; `filters` is what the API takes. */
export function useAnalyticsFilters() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readFilterState(search), [search]);
  const day = new Date().toDateString();
  // `day` in the deps: recomputed once a day, not on every render (see toApiFilters).
  const filters = useMemo(() => toApiFilters(state, new Date()), [state, day]);
  const setState = (next: FilterState) => setSearch(writeFilterState(next), { replace: true });
  return { state, filters, setState };
}
