import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readPoolState, writePoolState, type PoolState } from './lead-filters';

/**
 * The pool's tab, sort, view and filters, kept in the address bar: a reload, a shared link
 * or Back from a lead's page shows the same pool. Changes replace the entry rather than
 * piling up history for every keystroke.
 */
export function usePoolState(): [PoolState, (change: (state: PoolState) => PoolState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readPoolState(params), [params]);
  const update = useCallback(
    (change: (state: PoolState) => PoolState) =>
      setParams((current) => writePoolState(change(readPoolState(current))), { replace: true }),
    [setParams],
  );
  return [state, update];
}
