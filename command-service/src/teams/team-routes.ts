import {
  CreateInviteBodySchema, CreateTeamBodySchema, IdParamsSchema, INVITE_DEFAULT_HOURS, InviteCreatedResponseSchema,
  MemberResponseSchema, NoTeamBodySchema, TeamMemberParamsSchema, TeamResponseSchema, type Team as TeamDto,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { inviteTokenHash, newInviteToken } from '@leadfloor/infra/auth/invite-tokens';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature } from '../billing/entitlements';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { userAggregate, userStream } from '../users/user-aggregate';
import type { UserState } from '../users/user';
import { createTeamStaffing, userDto } from './team-staffing';
import { inviteTokenKey, teamAggregate, teamNameKey, teamStream, type TeamState } from './team-aggregate';

export type TeamRouteDeps = { store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const teamDto = (s: TeamState): TeamDto => {
  if (!s.exists) throw new Error('team state expected');
  return { id: s.id, name: s.name, managerId: s.managerId, leadType: s.leadType, teamLeadIds: s.teamLeadIds, createdAt: s.createdAt };
};

/**
 * Team management: managers create teams, move people between the teams they manage, appoint
 * and remove team leads; a team's manager and team leads invite new agents. Every change is an
 * event whose envelope names who made it (GET /api/teams/:id/history reads them).
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRouteDeps> = async (app, { store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);
  const staffing = createTeamStaffing({ store, handle, now });

  app.post('/api/teams', {
    schema: {
      body: CreateTeamBodySchema, response: { 201: TeamResponseSchema },
      problems: { 403: 'Only a manager can create teams (team.manager_only).', 409: 'The name is taken (team.name_taken).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const { name, leadType } = req.body;
    const teamId = await store.nextId('team');
    try {
      const out = await handle(teamAggregate, teamStream(teamId), {
        type: 'CreateTeam', data: { teamId, name, managerId: actor.id, leadType: leadType ?? null }, meta: { now: now().toISOString(), actor: asActor(actor) },
      }, requestContext(req, actor), { claimKeys: () => [teamNameKey(name)] });
      return reply.code(201).send({ team: teamDto(out.state), version: out.version });
    } catch (err) {
      if (err instanceof UniqueKeyTakenError) throw new ApiError(409, 'team.name_taken', 'A team with this name already exists.', { field: 'name' });
      throw err;
    }
  });

  app.put('/api/teams/:id/members/:userId', {
    schema: {
      params: TeamMemberParamsSchema, body: NoTeamBodySchema, response: { 200: MemberResponseSchema },
      problems: { 403: 'Only a manager of the team, and of the team the user leaves, can move them (user.manager_only).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await staffing.move(asActor(actor), req.params.userId, req.params.id, requestContext(req, actor));
    return { user: userDto(out.state), version: out.version };
  });

  app.delete('/api/teams/:id/members/:userId', {
    schema: {
      params: TeamMemberParamsSchema, body: NoTeamBodySchema, response: { 200: MemberResponseSchema },
      problems: { 403: 'Only a manager of the team can remove its members (user.manager_only).', 404: 'No such team, or the user is not on it (team.not_member).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await staffing.remove(asActor(actor), req.params.userId, req.params.id, requestContext(req, actor));
    return { user: userDto(out.state), version: out.version };
  });

  app.put('/api/teams/:id/leads/:userId', {
    schema: {
      params: TeamMemberParamsSchema, body: NoTeamBodySchema, response: { 200: TeamResponseSchema },
      problems: { 403: 'Only a manager of the team can appoint its team leads (team.manager_only).', 409: 'The user is not on the team (team.lead_not_member).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const ctx = requestContext(req, actor);
    const { state: user } = await loadState(store, userAggregate, userStream(req.params.userId));
    if (!user.exists) throw new ApiError(404, 'user.not_found', 'No such user.');
    const out = await handle(teamAggregate, teamStream(req.params.id), {
      type: 'AppointTeamLead', data: { userId: req.params.userId }, meta: { now: now().toISOString(), actor: asActor(actor), appointeeTeamId: user.teamId },
    }, ctx);
    await staffing.setRole(asActor(actor), req.params.userId, (s: UserState) => (s.exists && s.role === 'agent' ? 'teamLead' : null), ctx, 'role');
    return { team: teamDto(out.state), version: out.version };
  });

  app.delete('/api/teams/:id/leads/:userId', {
    schema: {
      params: TeamMemberParamsSchema, body: NoTeamBodySchema, response: { 200: TeamResponseSchema },
      problems: { 403: 'Only a manager of the team can remove its team leads (team.manager_only).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { team } = await staffing.endLeadership(asActor(actor), req.params.userId, req.params.id, requestContext(req, actor));
    return { team: teamDto(team.state), version: team.version };
  });

  app.post('/api/teams/:id/invites', {
    schema: {
      params: IdParamsSchema, body: CreateInviteBodySchema, response: { 201: InviteCreatedResponseSchema },
      problems: {
        403: "Only the team's manager or its team leads can invite (team.invite_forbidden); the floor's plan has no invite links (billing.feature_not_included).",
        404: 'No such team (team.not_found).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    await requireFeature(store, 'team_invites');
    const token = newInviteToken();
    const tokenHash = inviteTokenHash(token);
    const inviteId = await store.nextId('invite');
    const at = now();
    const expiresAt = new Date(at.getTime() + (req.body?.expiresInHours ?? INVITE_DEFAULT_HOURS) * 3_600_000).toISOString();
    // No client command id: a replayed answer could not show the token again, only its hash is kept.
    const out = await handle(teamAggregate, teamStream(req.params.id), {
      type: 'CreateInvite', data: { inviteId, tokenHash, expiresAt }, meta: { now: at.toISOString(), actor: asActor(actor) },
    }, { actorId: actor.id, correlationId: req.id }, { claimKeys: () => [inviteTokenKey(tokenHash)] });
    const team = teamDto(out.state);
    return reply.code(201).send({
      invite: { id: inviteId, teamId: team.id, teamName: team.name, expiresAt, token, path: `/register?invite=${token}` },
    });
  });
};
