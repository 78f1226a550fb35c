import {
  IdParamsSchema, InviteParamsSchema, InviteResponseSchema, TeamHistoryQuerySchema, TeamHistorySchema, TeamStructureSchema,
} from '@leadfloor/contracts';
import { inviteTokenHash } from '@leadfloor/infra/auth/invite-tokens';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamStructure } from './team-structure';

type HistoryRow = {
  event_id: string; type: string; at: Date; actor_id: number | null; actor_name: string | null; user_id: number | null;
  user_name: string | null; position: string;
};

/** /team's reads: the structure, a team's history, and an invite as the sign-up page opens it. */
export const teamReadRoutes: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date; timeZone: string }> = async (app, { pool, now, timeZone }) => {
  app.get('/api/teams/structure', { onRequest: requireSignedIn, schema: { response: { 200: TeamStructureSchema } } }, async (req) => {
    await req.actor();
    return teamStructure(pool, { now: now(), timeZone });
  });

  app.get('/api/teams/:id/history', {
    onRequest: requireSignedIn,
    schema: { params: IdParamsSchema, querystring: TeamHistoryQuerySchema, response: { 200: TeamHistorySchema }, problems: { 404: 'No such team (team.not_found).' } },
  }, async (req) => {
    await req.actor();
    const { rowCount } = await pool.query('select 1 from teams_v1 where id = $1', [req.params.id]);
    if (rowCount === 0) throw new ApiError(404, 'team.not_found', 'No such team.');
    const { limit, before } = req.query;
    const { rows } = await pool.query<HistoryRow>(
      `select a.event_id, a.type, a.at, a.actor_id, actor.full_name as actor_name, a.user_id, who.full_name as user_name, a.position::text
       from team_activity_v1 a left join users_v1 actor on actor.id = a.actor_id left join users_v1 who on who.id = a.user_id
       where a.team_id = $1 and ($2::bigint is null or a.position < $2) order by a.position desc limit $3`,
      [req.params.id, before ?? null, limit + 1]);
    const page = rows.slice(0, limit);
    return {
      nextCursor: rows.length > limit ? page.at(-1)!.position : null,
      entries: page.map((r) => ({
        eventId: r.event_id, type: r.type as never, at: r.at.toISOString(), actorId: r.actor_id, actorName: r.actor_name,
        userId: r.user_id, userName: r.user_name,
      })),
    };
  });

  // Opened by someone signing up, before they have an account.
  app.get('/api/invites/:token', {
    schema: {
      params: InviteParamsSchema, response: { 200: InviteResponseSchema }, security: [],
      problems: { 404: 'No such invite (invite.not_found).', 409: 'The invite was used (invite.used) or has expired (invite.expired).' },
    },
  }, async (req) => {
    const { rows } = await pool.query<{ team_id: number; name: string; expires_at: Date; accepted_by: number | null }>(
      `select i.team_id, t.name, i.expires_at, i.accepted_by from team_invites_v1 i join teams_v1 t on t.id = i.team_id
       where i.token_hash = $1`, [inviteTokenHash(req.params.token)]);
    const invite = rows[0];
    if (!invite) throw new ApiError(404, 'invite.not_found', 'This invite link is not valid.');
    if (invite.accepted_by !== null) throw new ApiError(409, 'invite.used', 'This invite link has already been used.');
    if (invite.expires_at.getTime() <= now().getTime()) {
      throw new ApiError(409, 'invite.expired', 'This invite link has expired. Ask your team lead for a new one.');
    }
    return { invite: { teamId: invite.team_id, teamName: invite.name, expiresAt: invite.expires_at.toISOString() } };
  });
};
