import { ClaimAttemptsQuerySchema, ClaimAttemptsResponseSchema, IdParamsSchema, InstantSchema, type ClaimAttempt } from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeCursor, encodeCursor } from './lead-list-sql';

type Row = { id: string; user_id: number; user_name: string | null; outcome: ClaimAttempt['outcome']; attempted_at: Date; repeats: number };

const cursorOf = (v: unknown[]) => {
  const [at, id] = v;
  if (v.length !== 2 || typeof at !== 'string' || !InstantSchema.safeParse(at).success || typeof id !== 'string' || !/^\d{1,18}$/.test(id)) {
    throw new ApiError(400, 'invalid_cursor', 'This cursor is not one of ours.', { field: 'cursor' });
  }
  return { at, id };
};

/**
 * GET /api/leads/{id}/claim-attempts: every claim of the lead the server decided, in the order
 * the requests reached it, with the outcome, so "I clicked first" is settled by evidence.
 * Managers see them, and so does anyone who tried to claim the lead; others get 403.
 */
export const claimAttemptRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.get('/api/leads/:id/claim-attempts', {
    onRequest: requireSignedIn,
    schema: {
      params: IdParamsSchema, querystring: ClaimAttemptsQuerySchema, response: { 200: ClaimAttemptsResponseSchema },
      problems: { 403: 'Only managers and the agents who tried to claim the lead see its attempts (claim_attempts.forbidden).', 404: 'No such lead (not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const leadId = req.params.id;
    const after = req.query.cursor === undefined ? null : cursorOf(safeDecode(req.query.cursor));
    // A lead is known by the pool's read model, or by attempts on it (written by the claim itself,
    // so a lead claimed a moment after it was made, before the pool shows it, is no 404).
    const [lead, mine] = await Promise.all([
      pool.query('select 1 from lead_pool_v1 where id = $1 union all select 1 from claim_attempts where lead_id = $1 limit 1', [leadId]),
      pool.query('select 1 from claim_attempts where lead_id = $1 and user_id = $2 limit 1', [leadId, actor.id]),
    ]);
    if (lead.rowCount === 0) throw new ApiError(404, 'not_found', 'Lead not found.');
    if (actor.role !== 'manager' && mine.rowCount === 0) {
      throw new ApiError(403, 'claim_attempts.forbidden', 'Only managers and the agents who tried to claim this lead see its claim attempts.');
    }
    const { limit } = req.query;
    const { rows } = await pool.query<Row>(
      `select a.id::text, a.user_id, u.full_name as user_name, a.outcome, a.attempted_at, a.repeats
       from claim_attempts a left join users_v1 u on u.id = a.user_id
       where a.lead_id = $1 and ($2::timestamptz is null or (a.attempted_at, a.id) > ($2::timestamptz, $3::bigint))
       order by a.attempted_at, a.id limit $4`,
      [leadId, after?.at ?? null, after?.id ?? null, limit + 1]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      attempts: page.map((r) => ({
        id: r.id, userId: r.user_id, userName: r.user_name, outcome: r.outcome, attemptedAt: r.attempted_at.toISOString(), repeats: r.repeats,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor([last.attempted_at.toISOString(), last.id]) : null,
    };
  });
};

function safeDecode(cursor: string): unknown[] {
  try {
    return decodeCursor(cursor);
  } catch {
    throw new ApiError(400, 'invalid_cursor', 'This cursor is not one of ours.', { field: 'cursor' });
  }
}
