import type { Pool } from '../postgres/pool';

export type RateRule = { max: number; windowMs: number };
export type RateVerdict = { allowed: boolean; retryAfterSeconds: number; count: number };

export type RateLimiter = {
  /** Counts one hit on `key` and says whether it is within the rule. */
  hit(key: string, rule: RateRule): Promise<RateVerdict>;
  /** Reads without counting. */
  peek(key: string, rule: RateRule): Promise<RateVerdict>;
  reset(key: string): Promise<void>;
};

const verdict = (count: number, startedAt: Date, rule: RateRule): RateVerdict => ({
  allowed: count <= rule.max,
  count,
  retryAfterSeconds: Math.max(1, Math.ceil((startedAt.getTime() + rule.windowMs - Date.now()) / 1000)),
});

/**
 * Fixed-window counters in PostgreSQL, shared by every process of a deployment, so a limit
 * holds across gateway replicas. If the database is down the caller's query fails and the
 * request is refused (503): limits fail closed. The table is unlogged (a hit commits without a
 * WAL flush): a PostgreSQL crash starts every window afresh.
 */
export function createRateLimiter(pool: Pool): RateLimiter {
  return {
    async hit(key, rule) {
      const { rows } = await pool.query<{ count: number; window_started_at: Date }>(
        `insert into rate_limits as r (key, window_started_at, count) values ($1, now(), 1)
         on conflict (key) do update set
           count = case when r.window_started_at <= now() - make_interval(secs => $2 / 1000.0) then 1 else r.count + 1 end,
           window_started_at = case when r.window_started_at <= now() - make_interval(secs => $2 / 1000.0) then now() else r.window_started_at end
         returning count, window_started_at`, [key, rule.windowMs]);
      return verdict(rows[0]!.count, rows[0]!.window_started_at, rule);
    },
    async peek(key, rule) {
      const { rows } = await pool.query<{ count: number; window_started_at: Date }>(
        `select count, window_started_at from rate_limits
         where key = $1 and window_started_at > now() - make_interval(secs => $2 / 1000.0)`, [key, rule.windowMs]);
      return rows[0] ? verdict(rows[0].count, rows[0].window_started_at, rule) : { allowed: true, count: 0, retryAfterSeconds: 0 };
    },
    async reset(key) {
      await pool.query('delete from rate_limits where key = $1', [key]);
    },
  };
}
