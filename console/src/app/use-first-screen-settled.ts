import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';

// However busy the first screen is, it counts as settled by then.
const MAX_WAIT_MS = 3_000;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
};

/**
 * True once the first screen has settled: its reads have come back and the browser is idle (or
 * after 3 s at most), and from then on. What the shell shows beside every page but no page needs
 * to be usable (the live socket, the offer center) waits for it, so its code stays out of the
 * page's initial JavaScript (QUALITY.md's budget).
 */
export function useFirstScreenSettled(): boolean {
  const fetching = useIsFetching();
  const [readsStarted, setReadsStarted] = useState(false);
  const [settled, setSettled] = useState(false);
  if (fetching > 0 && !readsStarted) setReadsStarted(true);

  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  useEffect(() => {
    if (settled || !readsStarted || fetching > 0) return;
    return whenIdle(() => setSettled(true));
  }, [settled, readsStarted, fetching]);
  return settled;
}
