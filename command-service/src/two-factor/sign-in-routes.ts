import { AuthUserResponseSchema, LoginTwoFactorBodySchema } from '@leadfloor/contracts';
import { SESSION_COOKIE, type SessionStore } from '@leadfloor/infra/auth/sessions';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { userDto } from '../teams/team-staffing';
import { userAggregate, userStream } from '../users/user-aggregate';
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MS, type PendingSignIns } from './pending-sign-ins';
import type { TwoFactorChecks } from './two-factor-checks';

export type TwoFactorSignInDeps = {
  store: EventStore; handle: HandleCommand; sessions: SessionStore; pendingSignIns: PendingSignIns; checks: TwoFactorChecks;
  now: () => Date; secureCookies: boolean;
};

/** Sent only to the two sign-in calls, never readable by scripts, gone after five minutes. */
const pendingCookie = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/api/auth/login' });

/**
 * After a right password for an account with a second factor, sign-in answers
 * `{twoFactorRequired: true}` and hands a pending sign-in instead of a session.
 */
export async function beginTwoFactorSignIn(reply: FastifyReply, deps: Pick<TwoFactorSignInDeps, 'pendingSignIns' | 'now' | 'secureCookies'>,
  userId: number, persistent: boolean) {
  const pending = await deps.pendingSignIns.create(userId, persistent, deps.now());
  return reply.header('cache-control', 'no-store')
    .setCookie(PENDING_SIGN_IN_COOKIE, pending.token, { ...pendingCookie(deps.secureCookies), maxAge: PENDING_SIGN_IN_MS / 1000 })
    .send({ twoFactorRequired: true as const, expiresInSeconds: PENDING_SIGN_IN_MS / 1000 });
}

const expired = () => new ApiError(401, 'two_factor.sign_in_expired', 'Your sign-in has expired. Enter your password again.');

/**
 * POST /api/auth/login/two-factor: the pending sign-in's second step, with a code of the
 * authenticator or a recovery code. A right one ends the pending sign-in and starts the
 * session (a fresh id, as any sign-in). Limits: five codes per pending sign-in (each taken
 * before it is checked), then it is locked until it expires and the password is asked again; wrong codes per account and codes
 * per address (two-factor-checks.ts).
 */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod<TwoFactorSignInDeps> = async (app, deps) => {
  const { store, handle, sessions, pendingSignIns, checks, now } = deps;

  app.post('/api/auth/login/two-factor', {
    schema: {
      body: LoginTwoFactorBodySchema, response: { 200: AuthUserResponseSchema }, security: [],
      problems: {
        401: 'No pending sign-in, or it expired (two_factor.sign_in_expired); or the code is not valid or was used already (two_factor.invalid_code).',
        429: 'Five codes tried on this sign-in, too many wrong codes for this account, or too many from this address (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const token = req.cookies[PENDING_SIGN_IN_COOKIE];
    const taken = await pendingSignIns.takeAttempt(token, now());
    if (!taken) throw expired();
    // Locked until it expires, so every late or racing attempt gets the same answer.
    if ('spent' in taken) {
      throw new ApiError(429, 'rate_limited', 'Too many wrong codes. Enter your password again to get five more tries.', {
        headers: { 'retry-after': String(Math.max(1, Math.ceil((taken.spent.expiresAt.getTime() - now().getTime()) / 1000))) },
      });
    }
    const { userId, persistent } = taken.pending;
    await checks.codeAllowed(req, userId);
    const { state } = await loadState(store, userAggregate, userStream(userId));
    // Turned off since the password step (elsewhere): that sign-in is void; the password again.
    if (!state.exists || !state.twoFactor.enabled) {
      await pendingSignIns.end(token);
      throw expired();
    }
    const field = 'recoveryCode' in req.body ? 'recoveryCode' : 'code';
    const wrong = async () => {
      await checks.codeFailed(userId);
      return new ApiError(401, 'two_factor.invalid_code',
        field === 'code' ? 'That code is not valid. Check the time on your phone and try the current code.' : 'That recovery code is not valid, or was used already.',
        { field });
    };
    const proof = await checks.proofOf(state, req.body);
    if (!proof) throw await wrong();
    try {
      await handle(userAggregate, userStream(userId), { type: 'SignInWithCode', data: { proof }, meta: { now: now().toISOString() } },
        { actorId: userId, correlationId: req.id });
    } catch (err) {
      // Used already (a replayed code, or a recovery code spent by a racing request): wrong.
      if (isDomainError(err) && ['two_factor.code_used', 'two_factor.invalid_recovery_code'].includes(err.code)) throw await wrong();
      throw err;
    }
    await checks.codePassed(userId);
    await pendingSignIns.end(token);
    await sessions.destroy(req.cookies[SESSION_COOKIE]);
    const session = await sessions.create(userId, persistent);
    reply.clearCookie(PENDING_SIGN_IN_COOKIE, pendingCookie(deps.secureCookies));
    return reply.startSession(session.token, persistent, session.expiresAt).send({ user: userDto(state) });
  });
};
