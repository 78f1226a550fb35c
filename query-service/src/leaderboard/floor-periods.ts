import type { Pool } from '@leadfloor/infra/postgres/pool';

export type Period = 'week' | 'month' | 'all';

/**
 * When the current calendar week (from Monday 00:00) or month began, in the floor's time zone,
 * as an instant; null for all time. Cut at read time, so read models hold no zone or clock.
 */
export async function periodStart(pool: Pool, period: Period, now: Date, timeZone: string): Promise<Date | null> {
  if (period === 'all') return null;
  const { rows } = await pool.query<{ start: Date }>(
    `select date_trunc($1, $2::timestamptz at time zone $3) at time zone $3 as start`, [period, now, timeZone]);
  return rows[0]!.start;
}
