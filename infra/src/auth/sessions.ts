import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../postgres/pool';
import { actorOf, loadActor, type ActorRow, type SessionActor } from './actor';

export const SESSION_COOKIE = 'lf_session';
/** "Remember me": a 30-day cookie. Otherwise a browser-session cookie backed by a 12-hour session. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 3600_000;
export const BROWSER_SESSION_MS = 12 * 3600_000;

const UNDEFINED_TABLE = '42P01';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type Session = { userId: number; persistent: boolean; expiresAt: Date };

export type SessionStore = {
  /** A new random session id for every sign-in (no fixation): returns the token for the cookie. */
  create(userId: number, persistent: boolean): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string | undefined): Promise<Session | null>;
  /** The session's user as commands and reads need them (see loadActor), in one round trip. */
  resolveActor(token: string | undefined): Promise<SessionActor | null>;
  destroy(token: string | undefined): Promise<void>;
  /** Signs a user out everywhere (password change). */
  destroyAllFor(userId: number): Promise<void>;
};

export function createSessionStore(pool: Pool): SessionStore {
  const resolve = async (token: string | undefined): Promise<Session | null> => {
    if (!token || token.length > 200) return null;
    const { rows } = await pool.query<{ user_id: number; persistent: boolean; expires_at: Date }>(
      'select user_id, persistent, expires_at from sessions where token_hash = $1 and expires_at > now()',
      [hashToken(token)]);
    const r = rows[0];
    return r ? { userId: r.user_id, persistent: r.persistent, expiresAt: r.expires_at } : null;
  };
  return {
    async create(userId, persistent) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + (persistent ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS));
      await pool.query(
        'insert into sessions (token_hash, user_id, persistent, expires_at) values ($1, $2, $3, $4)',
        [hashToken(token), userId, persistent, expiresAt]);
      return { token, expiresAt };
    },
    resolve,
    async resolveActor(token) {
      if (!token || token.length > 200) return null;
      // The session joined with the users read model: one round trip on every signed-in request.
      const found = await pool.query<ActorRow & { user_id: number }>(
        `select s.user_id, u.role, u.team_id, u.full_name from sessions s left join users_v1 u on u.id = s.user_id
         where s.token_hash = $1 and s.expires_at > now()`, [hashToken(token)]).catch((err: { code?: string }) => {
        if (err.code === UNDEFINED_TABLE) return null;
        throw err;
      });
      if (found) return found.rows[0] ? actorOf(found.rows[0].user_id, found.rows[0]) : null;
      // No users read model in this database yet (its projector has not started): the session alone.
      const session = await resolve(token);
      return session ? loadActor(pool, session.userId) : null;
    },
    async destroy(token) {
      if (token) await pool.query('delete from sessions where token_hash = $1', [hashToken(token)]);
    },
    async destroyAllFor(userId) {
      await pool.query('delete from sessions where user_id = $1', [userId]);
    },
  };
}
