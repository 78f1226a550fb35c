import type { RateLimiter } from '@leadfloor/infra/auth/rate-limiter';
import type { SessionStore } from '@leadfloor/infra/auth/sessions';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimits } from '../auth/auth-routes';
import type { PasswordHasher } from '../auth/password-hasher';
import type { HandleCommand } from '../shared/handle-command';
import type { PendingSignIns } from './pending-sign-ins';
import { twoFactorPolicyRoutes } from './policy-routes';
import { createSecretStore } from './secret-store';
import { twoFactorSignInRoutes } from './sign-in-routes';
import { CODE_FAILURES_PER_ACCOUNT, createTwoFactorChecks } from './two-factor-checks';
import { twoFactorRoutes } from './two-factor-routes';

export type TwoFactorModuleDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; sessions: SessionStore; limiter: RateLimiter; hasher: PasswordHasher;
  pendingSignIns: PendingSignIns; now: () => Date; secureCookies: boolean;
  /** The key TOTP secrets are encrypted with (config TOTP_ENCRYPTION_KEY, or DATA_DIR's key file). */
  key: Buffer;
  limits: AuthLimits;
};

/** Two-factor sign-in's command routes: the user's own setup, the sign-in's code step, the floor's policy. */
export const twoFactorModule: FastifyPluginAsyncZod<TwoFactorModuleDeps> = async (app, deps) => {
  const { pool, store, handle, now, limits } = deps;
  const secrets = createSecretStore(pool, deps.key);
  const checks = createTwoFactorChecks({
    limiter: deps.limiter, hasher: deps.hasher, secrets, now,
    limits: {
      passwordPerAddress: limits.loginPerAddress, passwordPerAccount: limits.loginPerAccount,
      codePerAddress: limits.twoFactorCodePerAddress ?? limits.loginPerAddress,
      codePerAccount: limits.twoFactorCodePerAccount ?? CODE_FAILURES_PER_ACCOUNT,
    },
  });
  await app.register(twoFactorRoutes, { store, handle, secrets, checks, now });
  await app.register(twoFactorSignInRoutes, {
    store, handle, sessions: deps.sessions, pendingSignIns: deps.pendingSignIns, checks, now, secureCookies: deps.secureCookies,
  });
  await app.register(twoFactorPolicyRoutes, { store, handle, now });
};
