import type { RateLimiter, RateRule, RateVerdict } from './rate-limiter';

type Window = { startedAt: number; count: number; windowMs: number };

/** Above this many keys, a hit first drops the windows that have ended. */
const SWEEP_ABOVE = 10_000;

/**
 * The database limiter's fixed windows (rate-limiter.ts), counted in this process's memory: no
 * round trip per hit. Exact only where ONE process counts a key, as in the embedded form, where
 * every claim goes through the one process; processes behind a balancer use the database one, whose
 * counts they share. A restart starts every window afresh, as a PostgreSQL crash does for the
 * unlogged table.
 */
export function createMemoryRateLimiter({ now = () => Date.now() }: { now?: () => number } = {}): RateLimiter {
  const windows = new Map<string, Window>();
  const verdict = (w: Window, rule: RateRule): RateVerdict => ({
    allowed: w.count <= rule.max,
    count: w.count,
    retryAfterSeconds: Math.max(1, Math.ceil((w.startedAt + rule.windowMs - now()) / 1000)),
  });
  const current = (key: string, rule: RateRule, at: number) => {
    const w = windows.get(key);
    return w && w.startedAt > at - rule.windowMs ? w : undefined;
  };
  const sweep = (at: number) => {
    for (const [key, w] of windows) if (w.startedAt <= at - w.windowMs) windows.delete(key);
  };
  return {
    async hit(key, rule) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) sweep(at);
      let w = current(key, rule, at);
      if (w) w.count++;
      else windows.set(key, (w = { startedAt: at, count: 1, windowMs: rule.windowMs }));
      return verdict(w, rule);
    },
    async peek(key, rule) {
      const w = current(key, rule, now());
      return w ? verdict(w, rule) : { allowed: true, count: 0, retryAfterSeconds: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
