import {
  CommissionPlanQuerySchema, CommissionPlanSchema, CommissionsQuerySchema, CommissionsResponseSchema, IdParamsSchema,
  SaleDetailResponseSchema, SaleListQuerySchema, SaleListResponseSchema, SaleReadQuerySchema,
} from '@leadfloor/contracts';
import { defaultCommissionRates, type CommissionRates } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visibleTeams } from '../people/visible-teams';
import { commissionTotals } from './commissions';
import { SALE_SELECT, saleFromRow, type SaleRowWithNames } from './sale-row';

export type SaleReadDeps = { pool: Pool; now: () => Date; timeZone: string; readYourWritesMs?: number };

const percent = (r: CommissionRates) => ({ real_estate: r.real_estate / 100, finance: r.finance / 100, forex: r.forex / 100 });

/** Sales, commissions and plans: agents read their own, managers and team leads their teams'. */
export const saleReadRoutes: FastifyPluginAsyncZod<SaleReadDeps> = async (app, { pool, now, timeZone, readYourWritesMs = 2000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/sales', { schema: { querystring: SaleListQuerySchema, response: { 200: SaleListResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const q = req.query;
    const { rows } = await pool.query<SaleRowWithNames>(`${SALE_SELECT}
      where (s.user_id = $1 or s.team_id = any($2::int[]))
        and ($3::text is null or s.status = $3) and ($4::int is null or s.user_id = $4) and ($5::int is null or s.lead_id = $5)
        and ($6::timestamptz is null or s.sale_date >= $6) and ($7::timestamptz is null or s.sale_date <= $7)
        and ($8::int is null or (s.sale_date, s.id) < (select b.sale_date, b.id from sales_v1 b where b.id = $8))
      order by s.sale_date desc, s.id desc limit $9`,
    [actor.id, await visibleTeams(pool, actor), q.status ?? null, q.userId ?? null, q.leadId ?? null, q.from ?? null,
      q.to ?? null, q.before ?? null, q.limit]);
    return rows.map(saleFromRow);
  });

  app.get('/api/sales/:id', {
    schema: { params: IdParamsSchema, querystring: SaleReadQuerySchema, response: { 200: SaleDetailResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const deadline = Date.now() + readYourWritesMs;
    let row: SaleRowWithNames | undefined;
    for (;;) {
      row = (await pool.query<SaleRowWithNames>(`${SALE_SELECT} where s.id = $1`, [req.params.id])).rows[0];
      if ((row?.version ?? 0) >= (req.query.minVersion ?? 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    if (!row) throw new ApiError(404, 'sale.not_found', 'No such sale.');
    if (row.user_id !== actor.id && !(row.team_id !== null && (await visibleTeams(pool, actor)).includes(row.team_id))) {
      throw new ApiError(403, 'sale.forbidden', 'You can read your own sales and those of teams you lead.');
    }
    return {
      sale: saleFromRow(row),
      trace: {
        saleEventId: row.sale_event_id, recordedAt: row.sale_date.toISOString(), recordedBy: row.recorded_by,
        rateSource: row.rate_source,
        planTeamId: row.plan_team_id, planVersion: row.plan_version, history: row.history,
      },
    };
  });

  app.get('/api/commissions', { schema: { querystring: CommissionsQuerySchema, response: { 200: CommissionsResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    return commissionTotals(pool, { actorId: actor.id, teams: await visibleTeams(pool, actor), now: now(), timeZone, ...req.query });
  });

  app.get('/api/commission-plan', { schema: { querystring: CommissionPlanQuerySchema, response: { 200: CommissionPlanSchema } } }, async (req) => {
    const actor = await req.actor();
    const teamId = req.query.teamId ?? actor.teamId;
    if (teamId !== null && teamId !== actor.teamId && !(await visibleTeams(pool, actor)).includes(teamId)) {
      throw new ApiError(403, 'commission_plan.forbidden', "You can read your own team's plan and those of teams you lead.");
    }
    const { rows } = await pool.query<{ rates: CommissionRates; updated_at: Date; version: number }>(
      'select rates, updated_at, version from commission_plans_v1 where team_id = $1', [teamId]);
    const r = rows[0];
    return r
      ? { teamId, version: r.version, rates: percent(r.rates), updatedAt: r.updated_at.toISOString() }
      : { teamId, version: 0, rates: percent(defaultCommissionRates), updatedAt: null };
  });
};
