import type { ClaimAttemptOutcome } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/**
 * Writes one claim attempt (table claim_attempts, migration 008): who, the outcome, and when the
 * request reached the server. Rate-limited clicks of one agent on one lead within one limiter
 * window add to that window's row instead of a row each.
 */
export async function recordClaimAttempt(pool: Pool, a: {
  leadId: number; userId: number; outcome: ClaimAttemptOutcome; attemptedAt: Date; windowMs: number;
}): Promise<void> {
  if (a.outcome !== 'rate_limited') {
    await pool.query('insert into claim_attempts (lead_id, user_id, outcome, attempted_at) values ($1, $2, $3, $4)',
      [a.leadId, a.userId, a.outcome, a.attemptedAt]);
    return;
  }
  const windowStart = new Date(Math.floor(a.attemptedAt.getTime() / a.windowMs) * a.windowMs);
  await pool.query(
    `insert into claim_attempts as c (lead_id, user_id, outcome, attempted_at, window_start) values ($1, $2, 'rate_limited', $3, $4)
     on conflict (lead_id, user_id, window_start) where outcome = 'rate_limited' do update set repeats = c.repeats + 1`,
    [a.leadId, a.userId, a.attemptedAt, windowStart]);
}
