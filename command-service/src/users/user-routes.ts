import { ChangeRoleBodySchema, holdsSeat, IdParamsSchema, MemberResponseSchema } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSeats } from '../billing/seats';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { createTeamStaffing, userDto } from '../teams/team-staffing';
import { userAggregate, userStream } from './user-aggregate';

/**
 * A manager changes the role of someone on a team they manage (or on no team); never their own.
 * Agents and team leads hold seats of the plan, managers none.
 */
export const userRoutes: FastifyPluginAsyncZod<{ store: EventStore; handle: HandleCommand; now: () => Date }> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  const staffing = createTeamStaffing(deps);
  const seats = createSeats(deps);

  app.put('/api/users/:id/role', {
    schema: {
      params: IdParamsSchema, body: ChangeRoleBodySchema, response: { 200: MemberResponseSchema },
      problems: {
        403: "Only a manager of the user's team can change their role (user.manager_only).",
        409: 'Your own role (user.own_role), or a manager made an agent or team lead when every seat of the plan is taken (billing.seats_full).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const userId = req.params.id;
    // Seats (billing/seats.ts): a manager made an agent or team lead takes one first (409
    // billing.seats_full); someone made a manager hands theirs back.
    const seatCtx = { actorId: actor.id, correlationId: req.id };
    const { state: before } = await loadState(deps.store, userAggregate, userStream(userId));
    const needsSeat = actor.role === 'manager' && actor.id !== userId && before.exists && !holdsSeat(before.role) && holdsSeat(req.body.role);
    if (needsSeat) await seats.take(userId, seatCtx);
    const out = await staffing.setRole(
      { id: actor.id, role: actor.role, teamId: actor.teamId }, userId, () => req.body.role, requestContext(req, actor), 'role',
    ).catch(async (err: unknown) => {
      if (needsSeat) await seats.release(userId, seatCtx);
      throw err;
    });
    if (out.state.exists && !holdsSeat(out.state.role)) await seats.release(userId, seatCtx);
    return { user: userDto(out.state), version: out.version };
  });
};
