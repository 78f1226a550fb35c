import { IdParamsSchema, TeamMessagesQuerySchema, TeamMessagesResponseSchema } from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOnTeam } from './team-access';
import { readTeamMessages } from './team-messages';

/** GET /api/teams/:id/messages: a page of the team's chat, what changed since a sequence number, or a search. */
export const teamChatReadRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.get('/api/teams/:id/messages', {
    onRequest: requireSignedIn,
    schema: {
      params: IdParamsSchema, querystring: TeamMessagesQuerySchema, response: { 200: TeamMessagesResponseSchema },
      problems: { 403: "Only the team's members and its manager can read its chat (team.not_member).", 404: 'No such team (team.not_found).' },
    },
  }, async (req) => {
    const team = await requireOnTeam(pool, await req.actor(), req.params.id);
    return readTeamMessages(pool, team.id, req.query);
  });
};
