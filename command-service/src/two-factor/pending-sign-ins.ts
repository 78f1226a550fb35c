import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/** The cookie of a sign-in waiting for its second factor: opens nothing but that step. */
export const PENDING_SIGN_IN_COOKIE = 'lf_2fa';
export const PENDING_SIGN_IN_MS = 5 * 60_000;
/** Codes one pending sign-in may try; then it is spent and the password is asked again. */
export const PENDING_SIGN_IN_ATTEMPTS = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type PendingSignIn = { userId: number; persistent: boolean; attempts: number; expiresAt: Date };

/**
 * Sign-ins whose password was right and whose code is still due. Not a session: the token is
 * looked up only by the code step, never by the session check of the API.
 */
export function createPendingSignIns(pool: Pool) {
  return {
    async create(userId: number, persistent: boolean, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
      await pool.query(
        `with expired as (delete from two_factor_pending_sign_ins where expires_at < $5)
         insert into two_factor_pending_sign_ins (token_hash, user_id, persistent, expires_at) values ($1, $2, $3, $4)`,
        [hashToken(token), userId, persistent, expiresAt, now]);
      return { token, expiresAt };
    },
    /**
     * Takes one attempt of the pending sign-in before its code is checked, so that racing
     * guesses cannot pass the limit. `spent`: it exists but has no attempt left.
     */
    async takeAttempt(token: string | undefined, now: Date): Promise<{ pending: PendingSignIn } | { spent: PendingSignIn } | null> {
      if (!token || token.length > 200) return null;
      const { rows } = await pool.query<{ user_id: number; persistent: boolean; attempts: number; expires_at: Date; taken: boolean }>(
        `with taken as (
           update two_factor_pending_sign_ins set attempts = attempts + 1
           where token_hash = $1 and expires_at > $2 and attempts < $3
           returning user_id, persistent, attempts, expires_at)
         select *, true as taken from taken
         union all
         select user_id, persistent, attempts, expires_at, false from two_factor_pending_sign_ins
         where token_hash = $1 and expires_at > $2 and not exists (select 1 from taken)`,
        [hashToken(token), now, PENDING_SIGN_IN_ATTEMPTS]);
      const r = rows[0];
      if (!r) return null;
      const found = { userId: r.user_id, persistent: r.persistent, attempts: r.attempts, expiresAt: r.expires_at };
      return r.taken ? { pending: found } : { spent: found };
    },
    async end(token: string | undefined): Promise<void> {
      if (token) await pool.query('delete from two_factor_pending_sign_ins where token_hash = $1', [hashToken(token)]);
    },
  };
}
export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
