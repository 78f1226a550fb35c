import { ChangeRoleBodySchema, IdParamsSchema, MemberResponseSchema } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import { createTeamStaffing, userDto } from '../teams/team-staffing';

/** A manager changes the role of someone on a team they manage (or on no team); never their own. */
export const userRoutes: FastifyPluginAsyncZod<{ store: EventStore; handle: HandleCommand; now: () => Date }> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  const staffing = createTeamStaffing(deps);

  app.put('/api/users/:id/role', {
    schema: {
      params: IdParamsSchema, body: ChangeRoleBodySchema, response: { 200: MemberResponseSchema },
      problems: { 403: "Only a manager of the user's team can change their role (user.manager_only).", 409: 'Your own role (user.own_role).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await staffing.setRole(
      { id: actor.id, role: actor.role, teamId: actor.teamId }, req.params.id, () => req.body.role, requestContext(req, actor), 'role');
    return { user: userDto(out.state), version: out.version };
  });
};
