import {
  AssignNextResponseSchema, AvailabilityBodySchema, BulkCreateLeadsBodySchema, BulkCreateLeadsResponseSchema, IdParamsSchema,
  OfferActionResponseSchema,
} from '@leadfloor/contracts';
import { fullNameOf } from '@leadfloor/infra/auth/actor';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLeadRunner } from '../leads/lead-runner';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { createLeadsWithDrip } from './drip-release';
import { offerNext } from './offer-next';

export type PoolDistributionRouteDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; limiter: RateLimiter; now: () => Date; policies: PoolPolicyReader; claimLimit?: RateRule;
};

const offerProblems = {
  403: 'The lead is offered to another agent (lead.offer_not_yours); assign-next and bulk creation are for managers (manager_only).',
  404: 'No such lead (lead.not_found).',
  409: "The lead is not in the pool (lead.not_available), not released yet (lead.not_released), offered to someone else (lead.offered), not offered to anyone (lead.no_offer), nobody can take it now (distribution.no_agent), or the agent is at the floor's cap (claim_limit_reached).",
  429: 'Claiming too fast (rate_limited, Retry-After).',
} as const;

/**
 * The fair pool's second half on the command side: answering an offer (accept is the claim;
 * pass moves it on), a manager's assign-next, bulk creation under the drip, and availability.
 */
export const poolDistributionRoutes: FastifyPluginAsyncZod<PoolDistributionRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  const { pool, store, handle, now, policies } = deps;
  const { run, toDto } = createLeadRunner({ ...deps, claimLimit: deps.claimLimit ?? { max: 20, windowMs: 10_000 } });
  const Empty = z.strictObject({}).nullish();
  const managerOnly = async (role: string) => {
    if (role !== 'manager') throw new ApiError(403, 'manager_only', 'Only a manager can do this.');
  };

  app.post('/api/leads/:id/offer/accept', {
    schema: { params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: Empty, response: { 200: OfferActionResponseSchema }, problems: offerProblems },
  }, async (req) => run(req, req.params.id, (meta) => [{ type: 'ClaimLead', data: { leadId: req.params.id }, meta }], { claim: true }));

  app.post('/api/leads/:id/offer/pass', {
    schema: { params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: Empty, response: { 200: OfferActionResponseSchema }, problems: offerProblems },
  }, async (req) => run(req, req.params.id, (meta) => [{ type: 'PassOffer', data: { leadId: req.params.id }, meta }]));

  app.post('/api/leads/:id/assign-next', {
    schema: { params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: Empty, response: { 200: AssignNextResponseSchema }, problems: offerProblems },
  }, async (req) => {
    const actor = await req.actor();
    await managerOnly(actor.role);
    const { commandId, ...ctx } = requestContext(req, actor);
    const made = await offerNext({ pool, store, handle, policies, now }, req.params.id, {
      ctx, key: commandId, moveOn: { id: actor.id, role: actor.role, teamId: actor.teamId },
    });
    if (!made) throw new ApiError(409, 'distribution.no_agent', 'No available agent can take this lead now: everyone online was offered it already, is away, or is at the cap.');
    return {
      lead: await toDto(made.state, made.version, actor, policies), version: made.version,
      offeredTo: { id: made.userId, fullName: await fullNameOf(pool, made.userId) },
    };
  });

  app.post('/api/leads/bulk', {
    schema: { headers: IdempotencyKeyHeaders, body: BulkCreateLeadsBodySchema, response: { 201: BulkCreateLeadsResponseSchema }, problems: offerProblems },
  }, async (req, reply) => {
    const actor = await req.actor();
    await managerOnly(actor.role);
    const leads = await createLeadsWithDrip({ store, handle, policies, now }, req.body.leads,
      { id: actor.id, role: actor.role, teamId: actor.teamId }, requestContext(req, actor));
    return reply.code(201).send({ leads });
  });

  app.put('/api/me/availability', {
    schema: { body: AvailabilityBodySchema, response: { 200: z.object({ status: AvailabilityBodySchema.shape.status, changedAt: z.string() }) } },
  }, async (req) => {
    const actor = await req.actor();
    const changedAt = now();
    await pool.query(
      `insert into agent_availability (user_id, status, changed_at) values ($1, $2, $3)
       on conflict (user_id) do update set status = excluded.status, changed_at = excluded.changed_at`,
      [actor.id, req.body.status, changedAt]);
    return { status: req.body.status, changedAt: changedAt.toISOString() };
  });
};
