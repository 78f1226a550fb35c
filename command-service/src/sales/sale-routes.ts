import {
  AdjustCommissionRateBodySchema, basisPointsToPercent, CommissionPlanResponseSchema, IdParamsSchema, NoBodySchema,
  percentToBasisPoints, RecordSaleBodySchema, RejectCommissionBodySchema, SaleResponseSchema,
  SetCommissionPlanBodySchema, type Sale as SaleDto,
} from '@leadfloor/contracts';
import type { CommissionRates } from '@leadfloor/events';
import { fullNameOf, teamOf, type SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { loadTeam } from '../shared/team-lookup';
import type { SaleCommand } from './commands';
import { commissionPlanAggregate, commissionPlanStream } from './commission-plan';
import { saleAggregate, saleStream, type SaleState } from './sale-aggregate';

export type SaleRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const ratesToPercent = (r: CommissionRates) => ({
  real_estate: basisPointsToPercent(r.real_estate), finance: basisPointsToPercent(r.finance), forex: basisPointsToPercent(r.forex),
});

/** Sales on held leads, their commissions (manager actions) and the teams' commission plans. */
export const saleRoutes: FastifyPluginAsyncZod<SaleRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  const planFor = async (teamId: number | null) => {
    if (teamId === null) return { teamId: null, ...commissionPlanAggregate.initialState() };
    const { state } = await loadState(store, commissionPlanAggregate, commissionPlanStream(teamId));
    return { teamId: state.version === 0 ? null : teamId, version: state.version, rates: state.rates };
  };

  const toDto = async (s: SaleState, version: number): Promise<SaleDto> => {
    if (!s.exists) throw new ApiError(404, 'not_found', 'Sale not found.');
    const { state: lead } = await loadState(store, leadAggregate, leadStream(s.leadId));
    const { exists: _e, rateBasisPoints, ...rest } = s;
    return {
      ...rest, leadName: lead.exists ? lead.name : null, userName: await fullNameOf(pool, s.userId),
      commissionRate: basisPointsToPercent(rateBasisPoints), commissionRateBasisPoints: rateBasisPoints, version,
    };
  };

  app.post('/api/sales', { schema: { body: RecordSaleBodySchema, response: { 201: SaleResponseSchema } } }, async (req, reply) => {
    const actor = await req.actor();
    const { leadId, amountCents, notes, commissionRate } = req.body;
    const { state: lead } = await loadState(store, leadAggregate, leadStream(leadId));
    const sellerTeam = lead.exists && lead.claimedBy !== null ? await loadTeam(pool, await teamOf(pool, lead.claimedBy)) : null;
    const saleId = await store.nextId('sale');
    const out = await handle(saleAggregate, saleStream(saleId), {
      type: 'RecordSale',
      data: { saleId, leadId, amountCents, notes, rateBasisPoints: commissionRate === undefined ? null : percentToBasisPoints(commissionRate) },
      meta: {
        now: now().toISOString(), actor: asActor(actor), sellerTeam, plan: await planFor(sellerTeam?.id ?? null),
        lead: lead.exists
          ? { exists: true, claimedBy: lead.claimedBy, leadType: lead.leadType, status: lead.status }
          : { exists: false, claimedBy: null, leadType: null, status: null },
      },
    }, requestContext(req, actor));
    return reply.code(201).send({ sale: await toDto(out.state, out.version), version: out.version });
  });

  /** A manager action on a sale's commission: the seller's team is looked up on every attempt. */
  const act = <B extends z.ZodType>(path: string, body: B, build: (b: z.infer<B>) => Pick<SaleCommand, 'type' | 'data'>) =>
    app.post(`/api/sales/:id/${path}`, { schema: { params: IdParamsSchema, body, response: { 200: SaleResponseSchema } } }, async (req) => {
      const actor = await req.actor();
      const out = await handle(saleAggregate, saleStream(req.params.id), async (s: SaleState) => ({
        ...build(req.body as z.infer<B>),
        meta: { now: now().toISOString(), actor: asActor(actor), sellerTeam: s.exists ? await loadTeam(pool, s.teamId) : null },
      }) as SaleCommand, requestContext(req, actor));
      return { sale: await toDto(out.state, out.version), version: out.version };
    });

  act('approve', NoBodySchema, () => ({ type: 'ApproveCommission', data: {} }));
  act('pay', NoBodySchema, () => ({ type: 'PayCommission', data: {} }));
  act('reject', RejectCommissionBodySchema, (b) => ({ type: 'RejectCommission', data: { reason: b.reason } }));
  act('rate', AdjustCommissionRateBodySchema, (b) => ({ type: 'AdjustCommissionRate', data: { rateBasisPoints: percentToBasisPoints(b.commissionRate) } }));

  app.put('/api/commission-plan', { schema: { body: SetCommissionPlanBodySchema, response: { 200: CommissionPlanResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const teamId = req.body.teamId ?? actor.teamId;
    if (teamId === null) throw new ApiError(400, 'team_required', 'Name the team whose plan this is.', { field: 'teamId' });
    const { rates } = req.body;
    const out = await handle(commissionPlanAggregate, commissionPlanStream(teamId), async () => ({
      type: 'SetCommissionRates' as const,
      data: { rates: { real_estate: percentToBasisPoints(rates.real_estate), finance: percentToBasisPoints(rates.finance), forex: percentToBasisPoints(rates.forex) } },
      meta: { now: now().toISOString(), actor: asActor(actor), team: await loadTeam(pool, teamId) },
    }), requestContext(req, actor));
    return {
      plan: { teamId, version: out.state.version, rates: ratesToPercent(out.state.rates), updatedAt: out.state.updatedAt },
      version: out.version,
    };
  });
};
