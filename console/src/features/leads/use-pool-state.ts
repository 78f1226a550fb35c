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
  // A change starts from the address bar as it is now, not as of the last render: two changes
  // in quick succession (before the page re-renders) must both stick.
  const update = useCallback(
    (change: (state: PoolState) => PoolState) => setParams(() => {
      const current = new URLSearchParams(window.location.search);
      const next = writePoolState(change(readPoolState(current)));
      // The instant a time-travelling pool shows (?asOf=) is not the pool's state: it stays.
      const asOf = current.get('asOf');
      if (asOf) next.set('asOf', asOf);
      return next;
    }, { replace: true }),
    [setParams],
  );
  return [state, update];
}
