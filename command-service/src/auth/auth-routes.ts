import { AuthUserResponseSchema, LoginBodySchema, LoginResponseSchema, LogoutBodySchema, RegisterBodySchema } from '@leadfloor/contracts';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { SessionStore } from '@leadfloor/infra/auth/sessions';
import { SESSION_COOKIE } from '@leadfloor/infra/auth/sessions';
import { findStreamByKey } from '@leadfloor/infra/event-store/unique-keys';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toDomainEvent, type HandleCommand } from '../shared/handle-command';
import type { UserEvent } from '@leadfloor/events';
import { createSeats } from '../billing/seats';
import { openInvite } from '../teams/team-invites';
import type { PendingSignIns } from '../two-factor/pending-sign-ins';
import { beginTwoFactorSignIn } from '../two-factor/sign-in-routes';
import { teamAggregate, teamStream } from '../teams/team-aggregate';
import { emailKey, userAggregate, userKeys, usernameKey, userStream } from '../users/user-aggregate';
import { evolveUser, initialUserState, publicUser, type UserState } from '../users/user';
import type { PasswordHasher } from './password-hasher';

/**
 * Sign-in: attempts per address and failures per account (brute force). Registration: attempts
 * per address bound the hashing an address can cause (cost), and refused registrations per
 * address (taken usernames and emails: probing who has an account) close it for a while.
 * Successful sign-ups of distinct new accounts are only bounded by the cost ceiling, so an
 * office onboarding its floor from one address gets through.
 */
export type AuthLimits = {
  loginPerAddress: RateRule; loginPerAccount: RateRule; registerPerAddress: RateRule; registerFailuresPerAddress: RateRule;
  /** Two-factor codes per address (default: as sign-in attempts) and wrong ones per account (default 10 per 15 min). */
  twoFactorCodePerAddress?: RateRule; twoFactorCodePerAccount?: RateRule;
};
/** The limits, with the per-address ones taken from configuration. */
export const authLimitsFrom = (c: { LOGIN_ATTEMPTS_PER_ADDRESS: number; REGISTRATIONS_PER_ADDRESS: number }): AuthLimits => ({
  ...defaultAuthLimits,
  loginPerAddress: { ...defaultAuthLimits.loginPerAddress, max: c.LOGIN_ATTEMPTS_PER_ADDRESS },
  registerPerAddress: { ...defaultAuthLimits.registerPerAddress, max: c.REGISTRATIONS_PER_ADDRESS },
});

export const defaultAuthLimits: AuthLimits = {
  loginPerAddress: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  registerPerAddress: { max: 60, windowMs: 10 * 60_000 },
  registerFailuresPerAddress: { max: 10, windowMs: 60 * 60_000 },
};

export type AuthDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; sessions: SessionStore; limiter: RateLimiter;
  hasher: PasswordHasher; now: () => Date; limits?: AuthLimits;
  /** Sign-ins of accounts with a second factor wait here for their code. */
  pendingSignIns: PendingSignIns; secureCookies: boolean;
};

export const tooMany = (retryAfterSeconds: number) => new ApiError(429, 'rate_limited',
  `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
  { headers: { 'retry-after': String(retryAfterSeconds) } });

const userDto = (s: UserState) => {
  if (!s.exists) throw new Error('user state expected');
  const { exists: _e, ...profile } = s;
  return publicUser(profile);
};

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { pool, store, handle, sessions, limiter, hasher } = deps;
  const limits = deps.limits ?? defaultAuthLimits;
  const seats = createSeats({ handle, now: deps.now });

  app.post('/api/auth/register', {
    schema: {
      body: RegisterBodySchema, response: { 201: AuthUserResponseSchema }, security: [],
      problems: {
        404: 'The invite link is not valid (invite.not_found).',
        409: 'The username or email is taken (username_taken, email_taken), the invite was used or has expired (invite.used, invite.expired), or every seat of the plan is taken (billing.seats_full).',
        429: 'Too many registration attempts, or too many refused ones, from this address (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    // Both counted before any hashing, so an address cannot make the CPU hash without bound.
    const failuresKey = `register:fail:addr:${req.ip}`;
    const byAddress = await limiter.hit(`register:addr:${req.ip}`, limits.registerPerAddress);
    const failures = await limiter.peek(failuresKey, limits.registerFailuresPerAddress);
    if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
    if (failures.count >= limits.registerFailuresPerAddress.max) throw tooMany(failures.retryAfterSeconds);
    const { username, email, password, fullName, rememberMe, inviteToken } = req.body;
    const refuse = async (taken: 'username' | 'email') => {
      await limiter.hit(failuresKey, limits.registerFailuresPerAddress);
      return new ApiError(409, `${taken}_taken`,
        taken === 'email' ? 'An account with this email already exists.' : 'This username is already taken.', { field: taken });
    };
    // A taken name is refused without hashing; the append's unique keys still decide a race.
    if (await findStreamByKey(pool, ['username'], usernameKey(username).key)) throw await refuse('username');
    if (await findStreamByKey(pool, ['email'], emailKey(email).key)) throw await refuse('email');
    const invite = inviteToken === undefined ? null : await openInvite(pool, store, inviteToken, deps.now());
    const passwordHash = await hasher.hash(password);
    const userId = await store.nextId('user');
    const meta = { now: deps.now().toISOString(), actor: { id: null, role: 'system' as const, teamId: null } };
    // A seat of the plan first: the billing stream decides a race for the last one (409
    // billing.seats_full, before an invite is spent). It is handed back if no account is made.
    await seats.take(userId, { actorId: userId, correlationId: req.id });
    const handBackSeat = async (err: unknown): Promise<never> => {
      await seats.release(userId, { actorId: userId, correlationId: req.id });
      throw err;
    };
    // The invite's single use is decided on the team's stream first: of two registrations
    // through one link, one gets it. Should the account then fail (a username taken in a race
    // since the check above), that link is spent and the team's lead sends a new one.
    if (invite) {
      await handle(teamAggregate, teamStream(invite.teamId), {
        type: 'AcceptInvite', data: { inviteId: invite.inviteId, userId }, meta,
      }, { actorId: userId, correlationId: req.id }).catch(handBackSeat);
    }
    try {
      const outcome = await handle(userAggregate, userStream(userId), {
        type: 'RegisterUser', data: { userId, username, email, fullName, passwordHash, ...(invite ? { invite } : {}) }, meta,
      }, { actorId: userId, correlationId: req.id }, userKeys).catch(handBackSeat);
      const session = await sessions.create(userId, rememberMe === true);
      return reply.startSession(session.token, rememberMe === true, session.expiresAt).code(201).send({ user: userDto(outcome.state) });
    } catch (err) {
      if (err instanceof UniqueKeyTakenError) throw await refuse(err.scope === 'email' ? 'email' : 'username');
      throw err;
    }
  });

  app.post('/api/auth/login', {
    schema: {
      body: LoginBodySchema, response: { 200: LoginResponseSchema }, security: [],
      description: 'Answers `{user}` and starts the session, or, for an account with two-factor sign-in, `{twoFactorRequired: true}` '
        + 'and a pending sign-in (an httpOnly cookie for POST /api/auth/login/two-factor only, five minutes): no session yet.',
      problems: {
        401: 'Wrong username or password (invalid_credentials); the same answer whether or not the account exists.',
        429: 'Too many attempts from this address or for this account (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const name = req.body.username.trim().toLowerCase();
    // Counted before any hashing, so guessing cannot exhaust the CPU; the per-account limit
    // applies to names that do not exist too, so the answer reveals nothing.
    const byAddress = await limiter.hit(`login:addr:${req.ip}`, limits.loginPerAddress);
    const byAccount = await limiter.peek(`login:acct:${name}`, limits.loginPerAccount);
    if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
    if (byAccount.count >= limits.loginPerAccount.max) throw tooMany(byAccount.retryAfterSeconds);

    const streamId = await findStreamByKey(pool, ['username', 'email'], name);
    const state = streamId
      ? (await store.readStream(streamId)).map(toDomainEvent<UserEvent>).reduce(evolveUser, initialUserState())
      : initialUserState();
    const ok = await hasher.verify(state.exists ? state.passwordHash : null, req.body.password);
    if (!ok || !state.exists) {
      await limiter.hit(`login:acct:${name}`, limits.loginPerAccount);
      throw new ApiError(401, 'invalid_credentials', 'The username or password you entered is incorrect.', { field: 'password' });
    }
    await limiter.reset(`login:acct:${name}`);
    if (state.twoFactor.enabled) return beginTwoFactorSignIn(reply, deps, state.id, req.body.rememberMe === true);
    // A fresh session id at every sign-in: a cookie planted before sign-in never becomes a session.
    await sessions.destroy(req.cookies[SESSION_COOKIE]);
    const session = await sessions.create(state.id, req.body.rememberMe === true);
    return reply.startSession(session.token, req.body.rememberMe === true, session.expiresAt).send({ user: userDto(state) });
  });

  app.post('/api/auth/logout', {
    schema: { body: LogoutBodySchema.optional(), response: { 200: z.object({ success: z.literal(true) }) }, security: [] },
  }, async (req, reply) => {
    await sessions.destroy(req.cookies[SESSION_COOKIE]);
    return reply.endSession().send({ success: true });
  });
};
