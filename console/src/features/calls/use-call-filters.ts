import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readCallFilters, writeCallFilters, type CallFilters } from './call-filters';

/**
 * The call log's filters, kept in the address bar: a reload, a shared link or Back from a
 * call shows the same log. Changes replace the entry instead of piling up history.
 */
export function useCallFilters(): [CallFilters, (change: (filters: CallFilters) => CallFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readCallFilters(params), [params]);
  const update = useCallback(
    (change: (filters: CallFilters) => CallFilters) => setParams((current) => writeCallFilters(change(readCallFilters(current))), { replace: true }),
    [setParams],
  );
  return [filters, update];
}
