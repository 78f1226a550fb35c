import type { ClaimAttemptOutcome } from '@leadfloor/contracts';
import { createGroupCommit } from '@leadfloor/infra/event-store/group-commit';
import type { Pool } from '@leadfloor/infra/postgres/pool';

export type ClaimAttempt = { leadId: number; userId: number; outcome: ClaimAttemptOutcome; attemptedAt: Date; windowMs: number };

/**
 * Writes one claim attempt (table claim_attempts, migration 008): who, the outcome, and when the
 * request reached the server. Rate-limited clicks of one agent on one lead within one limiter
 * window add to that window's row instead of a row each.
 */
export async function recordClaimAttempt(pool: Pool, a: ClaimAttempt): Promise<void> {
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

const INSERT_MANY = {
  name: 'lf_claim_attempts_v1',
  text: `insert into claim_attempts (lead_id, user_id, outcome, attempted_at)
         select * from unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[])`,
};

/**
 * recordClaimAttempt for a claim storm: attempts recorded while two inserts are running wait and
 * go in one insert (group commit), so a floor of agents claiming at once costs a few round trips,
 * not one per claim. Each caller still waits until its own row is written.
 */
export function createClaimAttemptRecorder(pool: Pool): (a: ClaimAttempt) => Promise<void> {
  const grouped = createGroupCommit<ClaimAttempt, void>({
    maxInFlight: 2, maxGroup: 500,
    one: (a) => recordClaimAttempt(pool, a),
    many: async (group) => {
      await pool.query({
        ...INSERT_MANY,
        values: [group.map((a) => a.leadId), group.map((a) => a.userId), group.map((a) => a.outcome), group.map((a) => a.attemptedAt)],
      });
      return group.map(() => ({ ok: true, value: undefined }));
    },
  });
  // A rate-limited click adds to its window's row: alone, never in a group's plain insert.
  return (a) => (a.outcome === 'rate_limited' ? recordClaimAttempt(pool, a) : grouped(a));
}
