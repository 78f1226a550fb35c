import { IdParamsSchema, TeamTasksQuerySchema, TeamTasksResponseSchema } from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOnTeam } from './team-access';
import { awaitTaskVersion, readTeamTasks } from './team-tasks';

export type TeamTaskReadDeps = { pool: Pool; now: () => Date; readYourWritesMs?: number };

/** GET /api/teams/:id/tasks: one of the team's task lists (mine, team, done, overdue), a page at a time, with each list's count. */
export const teamTaskReadRoutes: FastifyPluginAsyncZod<TeamTaskReadDeps> = async (app, { pool, now, readYourWritesMs = 2_000 }) => {
  app.get('/api/teams/:id/tasks', {
    onRequest: requireSignedIn,
    schema: {
      params: IdParamsSchema, querystring: TeamTasksQuerySchema, response: { 200: TeamTasksResponseSchema },
      problems: {
        400: 'A cursor that is not one of ours (invalid_cursor).',
        403: "Only the team's members and its manager can see its tasks (team.not_member).", 404: 'No such team (team.not_found).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const team = await requireOnTeam(pool, actor, req.params.id);
    const { taskId, minVersion, ...query } = req.query;
    if (taskId !== undefined && minVersion !== undefined) await awaitTaskVersion(pool, team.id, taskId, minVersion, readYourWritesMs);
    return readTeamTasks(pool, team.id, actor.id, now(), query);
  });
};
