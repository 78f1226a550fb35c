import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { FastifyRequest } from 'fastify';
import { tooMany } from '../auth/auth-routes';
import type { PasswordHasher } from '../auth/password-hasher';
import type { CodeProof } from '../users/two-factor-commands';
import type { UserProfile } from '../users/user';
import { hashRecoveryCode } from './recovery-codes';
import type { SecretStore } from './secret-store';
import { matchingStep } from './totp';

/**
 * Passwords asked again (setup, renewal, turning off) count like the password change's checks:
 * attempts per address and wrong ones per account, on the same counters. Codes count per
 * address (every attempt) and per account (wrong ones, wherever they were typed: sign-in,
 * confirming a setup, turning off).
 */
export type TwoFactorLimits = { passwordPerAddress: RateRule; passwordPerAccount: RateRule; codePerAddress: RateRule; codePerAccount: RateRule };
export const CODE_FAILURES_PER_ACCOUNT: RateRule = { max: 10, windowMs: 15 * 60_000 };


export function createTwoFactorChecks({ limiter, hasher, secrets, limits, now }: {
  limiter: RateLimiter; hasher: PasswordHasher; secrets: SecretStore; limits: TwoFactorLimits; now: () => Date;
}) {
  const codeFailures = (userId: number) => `two_factor:acct:${userId}`;
  return {
    /** The account's password again; 403 when wrong. Counted before any hashing. */
    async password(req: FastifyRequest, user: UserProfile, password: string) {
      const failuresKey = `password:acct:${user.id}`;
      const byAddress = await limiter.hit(`password:addr:${req.ip}`, limits.passwordPerAddress);
      const failures = await limiter.peek(failuresKey, limits.passwordPerAccount);
      if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
      if (failures.count >= limits.passwordPerAccount.max) throw tooMany(failures.retryAfterSeconds);
      if (!(await hasher.verify(user.passwordHash, password))) {
        await limiter.hit(failuresKey, limits.passwordPerAccount);
        throw new ApiError(403, 'two_factor.invalid_password', 'The password is incorrect.', { field: 'password' });
      }
      await limiter.reset(failuresKey);
    },
    /** Before a code is checked: one attempt of this address, and the account not locked by wrong codes. */
    async codeAllowed(req: FastifyRequest, userId: number) {
      const byAddress = await limiter.hit(`two_factor:addr:${req.ip}`, limits.codePerAddress);
      const failures = await limiter.peek(codeFailures(userId), limits.codePerAccount);
      if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
      if (failures.count >= limits.codePerAccount.max) throw tooMany(failures.retryAfterSeconds);
    },
    async codeFailed(userId: number) {
      await limiter.hit(codeFailures(userId), limits.codePerAccount);
    },
    async codePassed(userId: number) {
      await limiter.reset(codeFailures(userId));
    },
    /**
     * What a typed code proves, before the stream decides whether it is still good: the time
     * step of an authenticator code that matches the user's secret (null: it matches none), or
     * a recovery code's hash.
     */
    async proofOf(user: UserProfile, input: { code: string } | { recoveryCode: string }): Promise<CodeProof | null> {
      if ('recoveryCode' in input) return { codeHash: hashRecoveryCode(input.recoveryCode) };
      if (!user.twoFactor.enabled) return null;
      const secret = await secrets.read(user.id, user.twoFactor.secretId);
      if (secret === null) return null;
      const step = await matchingStep(secret, input.code, now());
      return step === null ? null : { step };
    },
  };
}
export type TwoFactorChecks = ReturnType<typeof createTwoFactorChecks>;
