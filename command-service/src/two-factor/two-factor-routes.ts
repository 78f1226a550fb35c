import {
  RecoveryCodesResponseSchema, TwoFactorDisableBodySchema, TwoFactorEnableBodySchema, TwoFactorPasswordBodySchema,
  TwoFactorSetupResponseSchema, TwoFactorVersionResponseSchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { floorPolicyAggregate, FLOOR_POLICY_STREAM } from '../floor/floor-policy';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { twoFactorKeys, userAggregate, userStream } from '../users/user-aggregate';
import type { UserProfile } from '../users/user';
import { newRecoveryCodes } from './recovery-codes';
import { SETUP_VALID_MS, type SecretStore } from './secret-store';
import { enrolment, matchingStep, newTotpSecret, TOTP_ISSUER } from './totp';
import type { TwoFactorChecks } from './two-factor-checks';

export type TwoFactorRouteDeps = { store: EventStore; handle: HandleCommand; secrets: SecretStore; checks: TwoFactorChecks; now: () => Date };

const invalidCode = (field: 'code' | 'recoveryCode') => new ApiError(403, 'two_factor.invalid_code',
  field === 'code' ? 'That code is not valid. Check the time on your phone and try the current code.' : 'That recovery code is not valid, or was used already.',
  { field });

/**
 * The signed-in user's own second factor: set it up (the password again; a new secret, shown
 * this once as a QR code and a key), confirm it with a code (the ten recovery codes are shown
 * this once), renew the recovery codes (the password again), turn it off (the password and a
 * code). The secret stays encrypted on the command side (secret-store.ts); the user's stream
 * decides every step.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteDeps> = async (app, { store, handle, secrets, checks, now }) => {
  app.addHook('onRequest', requireSignedIn);

  const me = async (actor: SessionActor): Promise<UserProfile> => {
    const { state } = await loadState(store, userAggregate, userStream(actor.id));
    if (!state.exists) throw new ApiError(404, 'user.not_found', 'No such user.');
    return state;
  };
  const meta = (actor: SessionActor) => ({ now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } });
  /** A refusal of a code by the stream (used already, not one of the set) reads as a wrong code. */
  const codeRefused = (err: unknown) => isDomainError(err) && ['two_factor.code_used', 'two_factor.invalid_recovery_code'].includes(err.code);

  app.post('/api/auth/two-factor/setup', {
    schema: {
      body: TwoFactorPasswordBodySchema, response: { 200: TwoFactorSetupResponseSchema },
      problems: {
        403: 'The password is incorrect (two_factor.invalid_password).',
        409: 'Two-factor sign-in is already on (two_factor.already_enabled).',
        429: 'Too many password attempts (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const user = await me(actor);
    await checks.password(req, user, req.body.password);
    if (user.twoFactor.enabled) throw new ApiError(409, 'two_factor.already_enabled', 'Two-factor sign-in is already on.');
    const at = now();
    const secret = newTotpSecret();
    await secrets.savePending(user.id, secret, null, at);
    reply.header('cache-control', 'no-store');
    return {
      ...(await enrolment(secret, user.username)), issuer: TOTP_ISSUER, accountName: user.username,
      expiresAt: new Date(at.getTime() + SETUP_VALID_MS).toISOString(),
    };
  });

  app.post('/api/auth/two-factor/enable', {
    schema: {
      body: TwoFactorEnableBodySchema, response: { 200: RecoveryCodesResponseSchema },
      problems: {
        403: 'The code does not match the secret being set up (two_factor.invalid_code).',
        409: 'Already on (two_factor.already_enabled), or no setup under way: it was never started or is over 15 minutes old (two_factor.setup_expired).',
        429: 'Too many codes from this address, or too many wrong ones for this account (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const user = await me(actor);
    if (user.twoFactor.enabled) throw new ApiError(409, 'two_factor.already_enabled', 'Two-factor sign-in is already on.');
    await checks.codeAllowed(req, user.id);
    const pending = await secrets.pending(user.id, now(), null);
    if (!pending) throw new ApiError(409, 'two_factor.setup_expired', 'This setup has expired. Start again to get a new QR code.');
    const step = await matchingStep(pending.secret, req.body.code, now());
    if (step === null) {
      await checks.codeFailed(user.id);
      throw invalidCode('code');
    }
    await checks.codePassed(user.id);
    const { codes, hashes } = newRecoveryCodes();
    const out = await handle(userAggregate, userStream(user.id), {
      type: 'EnableTwoFactor', data: { secretId: pending.secretId, step, codeHashes: hashes }, meta: meta(actor),
    }, requestContext(req, actor), twoFactorKeys);
    await secrets.dropAllBut(user.id, pending.secretId);
    reply.header('cache-control', 'no-store');
    return { recoveryCodes: codes, version: out.version };
  });

  app.post('/api/auth/two-factor/recovery-codes', {
    schema: {
      body: TwoFactorPasswordBodySchema, response: { 200: RecoveryCodesResponseSchema },
      problems: {
        403: 'The password is incorrect (two_factor.invalid_password).',
        409: 'Two-factor sign-in is not on (two_factor.not_enabled).',
        429: 'Too many password attempts (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    await checks.password(req, await me(actor), req.body.password);
    const { codes, hashes } = newRecoveryCodes();
    const out = await handle(userAggregate, userStream(actor.id), {
      type: 'RegenerateRecoveryCodes', data: { codeHashes: hashes }, meta: meta(actor),
    }, requestContext(req, actor));
    reply.header('cache-control', 'no-store');
    return { recoveryCodes: codes, version: out.version };
  });

  app.post('/api/auth/two-factor/disable', {
    schema: {
      body: TwoFactorDisableBodySchema, response: { 200: TwoFactorVersionResponseSchema },
      problems: {
        403: 'The password is incorrect (two_factor.invalid_password), or the code is not valid or was used already (two_factor.invalid_code).',
        409: 'Two-factor sign-in is not on (two_factor.not_enabled), or the floor requires it (two_factor.required_by_floor).',
        429: 'Too many password or code attempts (rate_limited, Retry-After).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const user = await me(actor);
    await checks.password(req, user, req.body.password);
    if (!user.twoFactor.enabled) throw new ApiError(409, 'two_factor.not_enabled', 'Two-factor sign-in is not on.');
    await checks.codeAllowed(req, user.id);
    const field = 'recoveryCode' in req.body ? 'recoveryCode' : 'code';
    const proof = await checks.proofOf(user, req.body);
    if (!proof) {
      await checks.codeFailed(user.id);
      throw invalidCode(field);
    }
    try {
      const out = await handle(userAggregate, userStream(user.id), async () => ({
        type: 'DisableTwoFactor' as const, data: { proof },
        meta: { ...meta(actor), floorRequires: (await loadState(store, floorPolicyAggregate, FLOOR_POLICY_STREAM)).state.twoFactorRequired },
      }), requestContext(req, actor), twoFactorKeys);
      await checks.codePassed(user.id);
      await secrets.dropAllBut(user.id, null);
      return { success: true as const, version: out.version };
    } catch (err) {
      if (!codeRefused(err)) throw err;
      await checks.codeFailed(user.id);
      throw invalidCode(field);
    }
  });
};
