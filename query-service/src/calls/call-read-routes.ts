import {
  CallAnalyticsSummarySchema, CallListQuerySchema, CallListResponseSchema, CallReadQuerySchema, CallResponseSchema,
  CallScriptQuerySchema, CallScriptSchema, CallTrendsQuerySchema, CallTrendsSchema, IdParamsSchema, IdQuerySchema,
} from '@leadfloor/contracts';
import { defaultCallScript } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleTeams } from '../people/visible-teams';
import { CALL_SELECT, callFromRow, type CallRowWithNames } from './call-row';
import { callTrends } from './call-trends';

export type CallReadDeps = { pool: Pool; now: () => Date; timeZone: string; readYourWritesMs?: number };

const round1 = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/** Calls and their analytics: agents read their own, managers and team leads their teams'. */
export const callReadRoutes: FastifyPluginAsyncZod<CallReadDeps> = async (app, { pool, now, timeZone, readYourWritesMs = 2000 }) => {
  app.addHook('onRequest', requireSignedIn);
  /** `$1` the reader, `$2` their teams: the rows they may see. */
  const scope = (alias: string) => `(${alias}.user_id = $1 or ${alias}.team_id = any($2::int[]))`;

  app.get('/api/calls', { schema: { querystring: CallListQuerySchema, response: { 200: CallListResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const q = req.query;
    const { rows } = await pool.query<CallRowWithNames>(`${CALL_SELECT}
      where ${scope('c')}
        and ($3::int is null or c.lead_id = $3) and ($4::int is null or c.user_id = $4)
        and ($5::text is null or c.result = $5) and ($6::text is null or c.status = $6)
        and ($7::boolean is null or (c.analytics is not null) = $7)
        and ($8::timestamptz is null or c.started_at >= $8) and ($9::timestamptz is null or c.started_at <= $9)
        and ($10::int is null or (c.started_at, c.id) < (select b.started_at, b.id from calls_v1 b where b.id = $10))
      order by c.started_at desc, c.id desc limit $11`,
    [actor.id, await visibleTeams(pool, actor), q.leadId ?? null, q.userId ?? null, q.result ?? null, q.status ?? null,
      q.analyzed ?? null, q.from ?? null, q.to ?? null, q.before ?? null, q.limit]);
    return rows.map(callFromRow);
  });

  app.get('/api/calls/analytics/summary', {
    schema: { querystring: z.strictObject({ userId: IdQuerySchema.optional() }), response: { 200: CallAnalyticsSummarySchema } },
  }, async (req) => {
    const actor = await req.actor();
    const { rows } = await pool.query<{ calls: string; analyzed: string; sentiment: string | null; adherence: string | null }>(
      `select count(*) as calls, count(c.analytics) as analyzed, avg(c.sentiment_score) as sentiment, avg(c.script_adherence) as adherence
       from calls_v1 c where ${scope('c')} and ($3::int is null or c.user_id = $3)`,
      [actor.id, await visibleTeams(pool, actor), req.query.userId ?? null]);
    const r = rows[0]!;
    return {
      calls: Number(r.calls), analyzedCalls: Number(r.analyzed), averageSentimentScore: round1(r.sentiment),
      averageScriptAdherence: r.adherence === null ? null : Math.round(Number(r.adherence)),
    };
  });

  app.get('/api/call-analytics', { schema: { querystring: CallTrendsQuerySchema, response: { 200: CallTrendsSchema } } }, async (req) => {
    const actor = await req.actor();
    return callTrends(pool, { actorId: actor.id, teams: await visibleTeams(pool, actor), now: now(), timeZone, ...req.query });
  });

  app.get('/api/calls/:id', {
    schema: { params: IdParamsSchema, querystring: CallReadQuerySchema, response: { 200: CallResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const deadline = Date.now() + readYourWritesMs;
    let row: CallRowWithNames | undefined;
    for (;;) {
      row = (await pool.query<CallRowWithNames>(`${CALL_SELECT} where c.id = $1`, [req.params.id])).rows[0];
      if ((row?.version ?? 0) >= (req.query.minVersion ?? 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    if (!row) throw new ApiError(404, 'call.not_found', 'No such call.');
    if (row.user_id !== actor.id && !(row.team_id !== null && (await visibleTeams(pool, actor)).includes(row.team_id))) {
      throw new ApiError(403, 'call.forbidden', 'You can read your own calls and those of teams you lead.');
    }
    return { call: callFromRow(row), version: row.version };
  });

  app.get('/api/call-script', { schema: { querystring: CallScriptQuerySchema, response: { 200: CallScriptSchema } } }, async (req) => {
    const actor = await req.actor();
    const teamId = req.query.teamId ?? actor.teamId;
    if (teamId !== null && teamId !== actor.teamId && !(await visibleTeams(pool, actor)).includes(teamId)) {
      throw new ApiError(403, 'call_script.forbidden', "You can read your own team's script and those of teams you lead.");
    }
    const { rows } = await pool.query<{ checkpoints: z.infer<typeof CallScriptSchema>['checkpoints']; updated_at: Date; version: number }>(
      'select checkpoints, updated_at, version from call_scripts_v1 where team_id = $1', [teamId]);
    const r = rows[0];
    return r
      ? { teamId, version: r.version, checkpoints: r.checkpoints, updatedAt: r.updated_at.toISOString() }
      : { teamId, version: 0, checkpoints: [...defaultCallScript], updatedAt: null };
  });
};
