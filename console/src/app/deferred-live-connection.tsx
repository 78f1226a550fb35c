import { lazy, Suspense } from 'react';
import { useFirstScreenSettled } from './use-first-screen-settled';

const LiveConnection = lazy(() => import('./live-connection').then((m) => ({ default: m.LiveConnection })));

/**
 * The signed-in user's real-time connection, opened once the first screen has settled: its
 * reads have come back and the browser is idle (or after 3 s at most). The socket and the code
 * and schemas behind it are not needed to show a page, so they stay out of the page's initial
 * JavaScript (QUALITY.md's budget). Nothing is missed meanwhile: every open refetches what the
 * socket keeps fresh.
 */
export function DeferredLiveConnection() {
  const open = useFirstScreenSettled();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection />
    </Suspense>
  );
}
