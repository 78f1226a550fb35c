import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';

const LiveConnection = lazy(() => import('./live-connection').then((m) => ({ default: m.LiveConnection })));

// However busy the first screen is, the socket opens by then.
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
 * The signed-in user's real-time connection, opened once the first screen has settled: its
 * reads have come back and the browser is idle (or after 3 s at most). The socket and the code
 * and schemas behind it are not needed to show a page, so they stay out of the page's initial
 * JavaScript (QUALITY.md's budget). Nothing is missed meanwhile: every open refetches what the
 * socket keeps fresh.
 */
export function DeferredLiveConnection() {
  const fetching = useIsFetching();
  const [readsStarted, setReadsStarted] = useState(false);
  const [open, setOpen] = useState(false);
  if (fetching > 0 && !readsStarted) setReadsStarted(true);

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setOpen(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [open]);
  useEffect(() => {
    if (open || !readsStarted || fetching > 0) return;
    return whenIdle(() => setOpen(true));
  }, [open, readsStarted, fetching]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection />
    </Suspense>
  );
}
