import {
  EditTeamMessageBodySchema, IdParamsSchema, mentionedUsernames, PostTeamMessageBodySchema,
  TeamMessageCommandResponseSchema, TeamMessageParamsSchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandOutcome, HandleCommand } from '../shared/handle-command';
import type { ManagedTeam } from '../shared/manages-team';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { loadState } from '../shared/load-state';
import { teamAggregate, teamStream } from '../teams/team-aggregate';
import { teamMessageAggregate, teamMessageStream, type TeamMessageState } from './team-message';

export type TeamChatRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });

/** The team as its own stream has it (a team made a moment ago is there before any read model has it). */
async function loadTeam(store: EventStore, teamId: number): Promise<ManagedTeam | null> {
  const { state } = await loadState(store, teamAggregate, teamStream(teamId));
  return state.exists ? { id: state.id, managerId: state.managerId } : null;
}

/** The ids of the team's people (members and its manager) whom the text `@`-mentions. */
async function resolveMentions(pool: Pool, content: string, team: ManagedTeam | null): Promise<number[]> {
  const names = mentionedUsernames(content);
  if (names.length === 0 || !team) return [];
  const { rows } = await pool.query<{ id: number }>(
    `select id from users_v1 where lower(username) = any($1::text[]) and (team_id = $2 or id = $3) order by id`,
    [names, team.id, team.managerId]);
  return rows.map((r) => r.id);
}

const messageDto = ({ state, version }: CommandOutcome<TeamMessageState>) => {
  if (!state.exists) throw new Error('message state expected');
  const { id, teamId, authorId, content, mentionedUserIds, createdAt, editedAt, deletedAt } = state;
  return { message: { id, teamId, authorId, content, mentionedUserIds, createdAt, editedAt, deletedAt }, version };
};

/**
 * Team chat's writes: post to a team's chat, edit or delete a message. Who may is decided on the
 * message's stream (team-message.ts) from the team as the read model has it now; the per-team
 * sequence a client follows is given by the read model, which pushes each change over /ws.
 */
export const teamChatRoutes: FastifyPluginAsyncZod<TeamChatRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/teams/:id/messages', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: PostTeamMessageBodySchema, response: { 201: TeamMessageCommandResponseSchema },
      problems: { 403: "Only the team's members and its manager can post (team.not_member).", 404: 'No such team (team.not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const messageId = await store.nextId('team_message');
    const out = await handle(teamMessageAggregate, teamMessageStream(messageId), async () => {
      const team = await loadTeam(store, req.params.id);
      return {
        type: 'PostTeamMessage' as const,
        data: { messageId, teamId: req.params.id, content: req.body.content, mentionedUserIds: await resolveMentions(pool, req.body.content, team) },
        meta: { now: now().toISOString(), actor: asActor(actor), team },
      };
    }, requestContext(req, actor));
    return reply.code(201).send(messageDto(out));
  });

  app.patch('/api/team-messages/:id', {
    schema: {
      params: TeamMessageParamsSchema, headers: IdempotencyKeyHeaders, body: EditTeamMessageBodySchema, response: { 200: TeamMessageCommandResponseSchema },
      problems: {
        403: 'Only its author can edit a message (team_message.not_author, team.not_member).', 404: 'No such message (team_message.not_found).',
        409: 'The 15-minute edit window has closed (team_message.edit_window_closed), or the message was deleted (team_message.deleted).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(teamMessageAggregate, teamMessageStream(req.params.id), async (s) => {
      const team = s.exists ? await loadTeam(store, s.teamId) : null;
      return {
        type: 'EditTeamMessage' as const,
        data: { content: req.body.content, mentionedUserIds: await resolveMentions(pool, req.body.content, team) },
        meta: { now: now().toISOString(), actor: asActor(actor), team },
      };
    }, requestContext(req, actor));
    return messageDto(out);
  });

  app.delete('/api/team-messages/:id', {
    schema: {
      params: TeamMessageParamsSchema, headers: IdempotencyKeyHeaders, body: z.strictObject({}).nullish(), response: { 200: TeamMessageCommandResponseSchema },
      problems: {
        403: "Only its author or the team's manager can delete a message (team_message.delete_forbidden).", 404: 'No such message (team_message.not_found).',
        409: "The author's 15-minute window has closed (team_message.edit_window_closed).",
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(teamMessageAggregate, teamMessageStream(req.params.id), async (s) => ({
      type: 'DeleteTeamMessage' as const, data: {}, meta: { now: now().toISOString(), actor: asActor(actor), team: s.exists ? await loadTeam(store, s.teamId) : null },
    }), requestContext(req, actor));
    return messageDto(out);
  });
};
