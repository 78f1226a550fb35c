import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../postgres/pool';
import { actorOf, loadActor, type ActorRow, type SessionActor } from './actor';
import { TWO_FACTOR_REQUIRED_MARK, twoFactorMark } from './two-factor-gate';

export const SESSION_COOKIE = 'lf_session';
/** "Remember me": a 30-day cookie. Otherwise a browser-session cookie backed by a 12-hour session. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 3600_000;
export const BROWSER_SESSION_MS = 12 * 3600_000;

const UNDEFINED_TABLE = '42P01';

// A named prepared statement (planned once per connection): it runs on every signed-in request.
const RESOLVE_ACTOR = {
  name: 'lf_resolve_actor_v1',
  text: `select s.user_id, s.last_seen_at, s.user_agent, u.role, u.team_id, u.full_name,
           exists (select 1 from unique_keys where scope = $2 and key = $3)
             and not exists (select 1 from unique_keys where scope = $4 and key = s.user_id::text) as two_factor_blocked
         from sessions s left join users_v1 u on u.id = s.user_id
         where s.token_hash = $1 and s.expires_at > now()`,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type Session = { userId: number; persistent: boolean; expiresAt: Date };

/** A session as its user sees it (GET /api/sessions): never the token or its hash. */
export type SessionInfo = {
  publicId: string; userAgent: string | null; persistent: boolean; createdAt: Date; lastSeenAt: Date; expiresAt: Date; current: boolean;
};

/**
 * How often a session's "last seen" (and the browser it was seen with) is written: a request
 * within this long of the last write changes nothing, so a busy agent costs no write per click.
 */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;
const MAX_USER_AGENT = 512;

export type SessionStore = {
  /** A new random session id for every sign-in (no fixation): returns the token for the cookie. */
  create(userId: number, persistent: boolean): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string | undefined): Promise<Session | null>;
  /**
   * The session's user as commands and reads need them (see loadActor), in one round trip; also
   * notes that the session was seen, from which browser (at most every LAST_SEEN_EVERY_MS).
   */
  resolveActor(token: string | undefined, seen?: { userAgent?: string }): Promise<SessionActor | null>;
  destroy(token: string | undefined): Promise<void>;
  /** Signs a user out everywhere (password change). */
  destroyAllFor(userId: number): Promise<void>;
  /** The user's live sessions, most recently seen first; `current` marks the one of `token`. */
  listFor(userId: number, token: string | undefined): Promise<SessionInfo[]>;
  /** Ends one of the user's sessions by its public id; false when the user has no such session. */
  destroyByPublicId(userId: number, publicId: string): Promise<boolean>;
  /** Ends every session of the user but the one of `keepToken`; answers how many ended. */
  destroyOthers(userId: number, keepToken: string | undefined): Promise<number>;
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
    async resolveActor(token, seen = {}) {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      // The session joined with the users read model, and the floor's two-factor rule for this
      // user (the gate's check, same snapshot): one round trip on every signed-in request.
      const found = await pool.query<ActorRow & { user_id: number; last_seen_at: Date; user_agent: string | null; two_factor_blocked: boolean }>({
        ...RESOLVE_ACTOR, values: [tokenHash, TWO_FACTOR_REQUIRED_MARK.scope, TWO_FACTOR_REQUIRED_MARK.key, twoFactorMark(0).scope],
      }).catch((err: { code?: string }) => {
        if (err.code === UNDEFINED_TABLE) return null;
        throw err;
      });
      if (found) {
        const row = found.rows[0];
        if (!row) return null;
        await touch(tokenHash, row, seen.userAgent);
        return { ...actorOf(row.user_id, row), twoFactorSetupRequired: row.two_factor_blocked };
      }
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
    async listFor(userId, token) {
      const { rows } = await pool.query<{
        public_id: string; user_agent: string | null; persistent: boolean; created_at: Date; last_seen_at: Date; expires_at: Date; current: boolean;
      }>(
        `select public_id, user_agent, persistent, created_at, last_seen_at, expires_at, token_hash = $2 as current
         from sessions where user_id = $1 and expires_at > now() order by last_seen_at desc, created_at desc`,
        [userId, token && token.length <= 200 ? hashToken(token) : null]);
      return rows.map((r) => ({
        publicId: r.public_id, userAgent: r.user_agent, persistent: r.persistent, createdAt: r.created_at,
        lastSeenAt: r.last_seen_at, expiresAt: r.expires_at, current: r.current === true,
      }));
    },
    async destroyByPublicId(userId, publicId) {
      const { rowCount } = await pool.query('delete from sessions where user_id = $1 and public_id = $2', [userId, publicId]);
      return (rowCount ?? 0) > 0;
    },
    async destroyOthers(userId, keepToken) {
      const keep = keepToken && keepToken.length <= 200 ? hashToken(keepToken) : null;
      const { rowCount } = await pool.query(
        'delete from sessions where user_id = $1 and token_hash is distinct from $2', [userId, keep]);
      return rowCount ?? 0;
    },
  };

  /** Moves "last seen" and the browser at most every LAST_SEEN_EVERY_MS (and at the first request of a session). */
  async function touch(tokenHash: string, row: { last_seen_at: Date; user_agent: string | null }, userAgent: string | undefined) {
    const agent = userAgent ? printable(userAgent).slice(0, MAX_USER_AGENT) || null : null;
    const stale = Date.now() - new Date(row.last_seen_at).getTime() >= LAST_SEEN_EVERY_MS;
    if (!stale && (row.user_agent !== null || agent === null)) return;
    await pool.query('update sessions set last_seen_at = now(), user_agent = coalesce($2, user_agent) where token_hash = $1', [tokenHash, agent]);
  }
}

/** A header as text fit to store and show: control characters dropped. */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
