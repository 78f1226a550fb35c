import { useEffect, useState } from 'react';

/** The time now, read again after `refreshMs` (null: not ticking): enough for a countdown to move on its own. */
export function useTickingClock(refreshMs: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (refreshMs === null) return;
    const timer = setTimeout(() => setNow(new Date()), refreshMs);
    return () => clearTimeout(timer);
  }, [refreshMs, now]);
  return now;
}
