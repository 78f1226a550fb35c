import { ChangePasswordBodySchema, ChangePasswordResponseSchema } from '@leadfloor/contracts';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import { SESSION_COOKIE, type SessionStore } from '@leadfloor/infra/auth/sessions';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordHasher } from '../auth/password-hasher';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { userAggregate, userStream } from '../users/user-aggregate';

export type PasswordRouteDeps = {
  store: EventStore; handle: HandleCommand; sessions: SessionStore; limiter: RateLimiter; hasher: PasswordHasher; now: () => Date;
  /** Sign-in's limits, applied the same way: attempts per address, wrong passwords per account. */
  limits: { perAddress: RateRule; perAccount: RateRule };
};

const tooMany = (retryAfterSeconds: number) => new ApiError(429, 'rate_limited',
  `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
  { headers: { 'retry-after': String(retryAfterSeconds) } });

/**
 * POST /api/auth/change-password: the current password is checked as sign-in checks it (counted
 * before any hashing, per address and per account, so a stolen session cannot guess it at
 * leisure), the new one follows registration's rules and is hashed the same way. Every other
 * session of the user ends, so their sockets close at the next heartbeat as after a sign-out;
 * the session that asked stays signed in.
 */
export const passwordRoutes: FastifyPluginAsyncZod<PasswordRouteDeps> = async (app, deps) => {
  const { store, handle, sessions, limiter, hasher, now, limits } = deps;
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/auth/change-password', {
    schema: {
      body: ChangePasswordBodySchema, response: { 200: ChangePasswordResponseSchema },
      problems: {
        403: 'The current password is wrong (invalid_current_password).',
        429: 'Too many attempts from this address or for this account (rate_limited, Retry-After).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const failuresKey = `password:acct:${actor.id}`;
    const byAddress = await limiter.hit(`password:addr:${req.ip}`, limits.perAddress);
    const failures = await limiter.peek(failuresKey, limits.perAccount);
    if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
    if (failures.count >= limits.perAccount.max) throw tooMany(failures.retryAfterSeconds);

    const { state } = await loadState(store, userAggregate, userStream(actor.id));
    const ok = await hasher.verify(state.exists ? state.passwordHash : null, req.body.currentPassword);
    if (!ok) {
      await limiter.hit(failuresKey, limits.perAccount);
      throw new ApiError(403, 'invalid_current_password', 'The current password is incorrect.', { field: 'currentPassword' });
    }
    await limiter.reset(failuresKey);
    const passwordHash = await hasher.hash(req.body.newPassword);
    await handle(userAggregate, userStream(actor.id), {
      type: 'ChangePassword', data: { passwordHash }, meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } },
    }, requestContext(req, actor));
    const endedSessions = await sessions.destroyOthers(actor.id, req.cookies[SESSION_COOKIE]);
    return { success: true as const, endedSessions };
  });
};
