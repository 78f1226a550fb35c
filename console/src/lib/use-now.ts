import { useEffect, useState } from 'react';

/**
 * The time, re-read every `intervalMs`, so relative times ('5m ago') on a screen left open
 * keep telling the truth. One reading per render keeps a list's items consistent.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
