import { TwoFactorPolicyBodySchema, TwoFactorVersionResponseSchema } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { floorPolicyAggregate, floorPolicyKeys, FLOOR_POLICY_STREAM } from '../floor/floor-policy';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { userAggregate, userStream } from '../users/user-aggregate';

/**
 * PUT /api/auth/two-factor/policy: a manager requires a second factor of everyone on the floor,
 * or stops requiring it. People without one are then held to its setup (two-factor-gate.ts).
 */
export const twoFactorPolicyRoutes: FastifyPluginAsyncZod<{ store: EventStore; handle: HandleCommand; now: () => Date }> = async (app, { store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.put('/api/auth/two-factor/policy', {
    schema: {
      body: TwoFactorPolicyBodySchema, response: { 200: TwoFactorVersionResponseSchema },
      problems: {
        403: 'Only a manager sets the floor\'s rule (two_factor.manager_only).',
        409: 'A manager must have a second factor before requiring one (two_factor.enable_yourself_first).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(floorPolicyAggregate, FLOOR_POLICY_STREAM, async () => ({
      type: 'SetFloorTwoFactorPolicy' as const, data: { required: req.body.required },
      meta: {
        now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId },
        actorHasTwoFactor: await hasSecondFactor(),
      },
    }), requestContext(req, actor), floorPolicyKeys);
    return { success: true as const, version: out.version };

    async function hasSecondFactor() {
      const { state } = await loadState(store, userAggregate, userStream(actor.id));
      return state.exists && state.twoFactor.enabled;
    }
  });
};
