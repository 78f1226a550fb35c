import {
  CreateTeamTaskBodySchema, IdParamsSchema, TeamTaskCommandResponseSchema, TeamTaskParamsSchema, UpdateTeamTaskBodySchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandOutcome, HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { teamAggregate, teamStream } from '../teams/team-aggregate';
import { teamTaskAggregate } from './decide-team-task';
import { teamTaskStream, type SourceMessage, type TaskPerson, type TaskTeam, type TeamTaskState } from './team-task';

export type TeamTaskRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
/** Instants are kept in UTC, so a due time sent with an offset compares equal to the same moment. */
const utc = (instant: string | null | undefined) => (instant == null ? instant : new Date(instant).toISOString());

/** The team as its own stream has it: its manager and its team leads (a team made a moment ago is there before any read model has it). */
async function loadTeam(store: EventStore, teamId: number): Promise<TaskTeam | null> {
  const { state } = await loadState(store, teamAggregate, teamStream(teamId));
  return state.exists ? { id: state.id, managerId: state.managerId, teamLeadIds: state.teamLeadIds } : null;
}

/** Someone a task would be given to: their role and team as the users' read model has them. */
async function loadPerson(pool: Pool, userId: number): Promise<TaskPerson> {
  const { rows } = await pool.query<{ id: number; role: string; team_id: number | null }>('select id, role, team_id from users_v1 where id = $1', [userId]);
  return rows[0] ? { id: rows[0].id, role: rows[0].role, teamId: rows[0].team_id } : null;
}

async function leadExists(pool: Pool, leadId: number | null | undefined): Promise<boolean> {
  if (leadId == null) return false;
  return ((await pool.query('select 1 from lead_pool_v1 where id = $1', [leadId])).rowCount ?? 0) > 0;
}

async function loadMessage(pool: Pool, messageId: number | null): Promise<SourceMessage> {
  if (messageId === null) return null;
  const { rows } = await pool.query<{ team_id: number; content: string; deleted_at: Date | null }>(
    'select team_id, content, deleted_at from team_messages_v1 where id = $1', [messageId]);
  return rows[0] ? { teamId: rows[0].team_id, content: rows[0].content, deleted: rows[0].deleted_at !== null } : null;
}

const taskDto = ({ state, version }: CommandOutcome<TeamTaskState>) => {
  if (!state.exists) throw new Error('task state expected');
  const { id, teamId, title, completedAt, assignedUserId, createdBy, dueAt, leadId, sourceMessageId, createdAt, deletedAt } = state;
  return {
    task: { id, teamId, title, completed: completedAt !== null, completedAt, assignedUserId, createdBy, dueAt, leadId, sourceMessageId, createdAt, deletedAt },
    version,
  };
};

const problems = {
  403: "Only the team's members and its manager see its tasks (team.not_member); only a task's creator, the team's leads and its manager change or delete it, and its assignee may complete it (team_task.edit_forbidden, team_task.complete_forbidden, team_task.delete_forbidden).",
  404: 'No such task (team_task.not_found).',
  409: 'The assignee is not on the team (team_task.assignee_not_on_team), or there is no such lead (team_task.lead_not_found).',
};

/**
 * A team's tasks: make one (also from a chat message), change, complete or reopen it, delete it.
 * Each task is its own stream; who may do what is decided there (decide-team-task.ts) from the
 * facts looked up here: the team's stream, the assignee, the lead and the message.
 */
export const teamTaskRoutes: FastifyPluginAsyncZod<TeamTaskRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/teams/:id/tasks', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: CreateTeamTaskBodySchema, response: { 201: TeamTaskCommandResponseSchema },
      problems: {
        403: "Only the team's members and its manager can add tasks (team.not_member).", 404: 'No such team (team.not_found).',
        409: 'The assignee is not on the team (team_task.assignee_not_on_team), there is no such lead (team_task.lead_not_found), or no such message in the team chat (team_task.message_not_found, team_task.message_deleted).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const body = req.body;
    const taskId = await store.nextId('team_task');
    const sourceMessageId = body.sourceMessageId ?? null;
    const out = await handle(teamTaskAggregate, teamTaskStream(taskId), async () => {
      const [team, assignee, lead, sourceMessage] = await Promise.all([
        loadTeam(store, req.params.id), loadPerson(pool, body.assignedUserId), leadExists(pool, body.leadId), loadMessage(pool, sourceMessageId),
      ]);
      return {
        type: 'CreateTeamTask' as const,
        data: { taskId, title: body.title ?? null, assignedUserId: body.assignedUserId, dueAt: utc(body.dueAt) ?? null, leadId: body.leadId ?? null, sourceMessageId },
        meta: { now: now().toISOString(), actor: asActor(actor), team, assignee, leadExists: lead, sourceMessage },
      };
    }, requestContext(req, actor));
    return reply.code(201).send(taskDto(out));
  });

  app.patch('/api/team-tasks/:id', {
    schema: {
      params: TeamTaskParamsSchema, headers: IdempotencyKeyHeaders, body: UpdateTeamTaskBodySchema, response: { 200: TeamTaskCommandResponseSchema }, problems,
    },
  }, async (req) => {
    const actor = await req.actor();
    const { dueAt, ...rest } = req.body;
    const out = await handle(teamTaskAggregate, teamTaskStream(req.params.id), async (s) => {
      const [team, assignee, lead] = await Promise.all([
        s.exists ? loadTeam(store, s.teamId) : null,
        rest.assignedUserId === undefined ? undefined : loadPerson(pool, rest.assignedUserId),
        rest.leadId == null ? undefined : leadExists(pool, rest.leadId),
      ]);
      return {
        type: 'UpdateTeamTask' as const,
        data: { ...rest, ...(dueAt === undefined ? {} : { dueAt: utc(dueAt) }) },
        meta: { now: now().toISOString(), actor: asActor(actor), team, assignee, leadExists: lead },
      };
    }, requestContext(req, actor));
    return taskDto(out);
  });

  app.delete('/api/team-tasks/:id', {
    schema: {
      params: TeamTaskParamsSchema, headers: IdempotencyKeyHeaders, body: z.strictObject({}).nullish(), response: { 200: TeamTaskCommandResponseSchema }, problems,
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(teamTaskAggregate, teamTaskStream(req.params.id), async (s) => ({
      type: 'DeleteTeamTask' as const, data: {}, meta: { now: now().toISOString(), actor: asActor(actor), team: s.exists ? await loadTeam(store, s.teamId) : null },
    }), requestContext(req, actor));
    return taskDto(out);
  });
};
