import {
  CreateLeadBodySchema, FollowUpBodySchema, IdParamsSchema, LeadPatchBodySchema, LeadResponseSchema,
  PriorityBodySchema, ReassignLeadBodySchema, ScoreBodySchema, ScoreResponseSchema, StageBodySchema, StatusBodySchema,
  TagsBodySchema, type LeadPatchBody,
} from '@leadfloor/contracts';
import { fullNameOf, teamOf } from '@leadfloor/infra/auth/actor';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import type { HolderMeta, LeadCommand } from './commands';
import { leadAggregate, leadStream } from './lead-aggregate';
import { createLeadRunner } from './lead-runner';
import { commandsFromPatch } from './patch-commands';
import { planNewLeads } from './new-lead-commands';

export type LeadRouteDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; limiter: RateLimiter; now: () => Date; policies: PoolPolicyReader;
  /** Scripted claiming: more claims than this by one agent answers 429. */
  claimLimit?: RateRule;
};

// The refusals of a command on one lead, as the API document lists them (decide.ts has the rules).
const leadWriteProblems = {
  403: 'Only the holder of the lead, or a manager of their team, may change it (lead.not_claimer, lead.reassign_forbidden...).',
  404: 'No such lead (lead.not_found).',
  409: "The lead's state forbids it: a claim of a lead that is no longer available names its status and holder (lead.not_available); a sold lead stays sold (lead.sold_is_final); the agent it would go to holds as many active leads as the floor allows (claim_limit_reached, with `cap` and `count`).",
  429: 'Claiming too fast (rate_limited, Retry-After).',
} as const;

export const leadRoutes: FastifyPluginAsyncZod<LeadRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  const { pool, store, handle } = deps;
  const claimLimit = deps.claimLimit ?? { max: 20, windowMs: 10_000 };
  const { run, toDto } = createLeadRunner({ ...deps, claimLimit });

  app.post('/api/leads', {
    schema: { headers: IdempotencyKeyHeaders, body: CreateLeadBodySchema, response: { 201: LeadResponseSchema } },
  }, async (req, reply) => {
    const actor = await req.actor();
    const [commands] = await planNewLeads(store, [req.body]);
    const leadId = await store.nextId('lead');
    const meta = { now: deps.now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } };
    const outcome = await handle(leadAggregate, leadStream(leadId), commands!(leadId, meta), requestContext(req, actor));
    return reply.code(201).send({ lead: await toDto(outcome.state, outcome.version, actor, deps.policies), version: outcome.version });
  });

  app.patch('/api/leads/:id', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: LeadPatchBodySchema,
      response: { 200: ScoreResponseSchema.or(LeadResponseSchema) }, problems: leadWriteProblems,
    },
  }, async (req) => {
    const body: LeadPatchBody = req.body;
    const result = await run(req, req.params.id, (meta) => commandsFromPatch(req.params.id, body, meta), { claim: body.status === 'claimed' });
    const onlyScore = Object.keys(body).length === 1 && body.score !== undefined;
    return onlyScore ? { score: result.lead.score ?? 0, ...result } : result;
  });

  // The same commands as explicit routes, for API users.
  const explicit = <B extends z.ZodType>(path: string, body: B, build: (id: number, b: z.infer<B>, m: HolderMeta) => LeadCommand[]) =>
    app.post(`/api/leads/:id/${path}`, {
      schema: { params: IdParamsSchema, headers: IdempotencyKeyHeaders, body, response: { 200: LeadResponseSchema }, problems: leadWriteProblems },
    },
      async (req) => run(req, req.params.id, (meta) => build(req.params.id, req.body as z.infer<B>, meta), { claim: path === 'claim' }));

  const Empty = z.strictObject({}).optional();
  explicit('claim', Empty, (leadId, _b, meta) => [{ type: 'ClaimLead', data: { leadId }, meta }]);
  explicit('release', Empty, (leadId, _b, meta) => [{ type: 'ReleaseLead', data: { leadId }, meta }]);
  explicit('status', StatusBodySchema, (id, b, m) => commandsFromPatch(id, b, m));
  explicit('stage', StageBodySchema, (id, b, m) => commandsFromPatch(id, b, m));
  explicit('priority', PriorityBodySchema, (id, b, m) => commandsFromPatch(id, b, m));
  explicit('score', ScoreBodySchema, (id, b, m) => commandsFromPatch(id, b, m));
  explicit('tags', TagsBodySchema, (id, b, m) => commandsFromPatch(id, b, m));
  explicit('follow-up', FollowUpBodySchema, (id, b, m) => commandsFromPatch(id, b, m));

  app.post('/api/leads/:id/reassign', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: ReassignLeadBodySchema, response: { 200: LeadResponseSchema },
      problems: { ...leadWriteProblems, 400: 'No such user to reassign to (unknown_user).' },
    },
  }, async (req) => {
    const assigneeTeamId = await teamOf(pool, req.body.userId).catch(() => null);
    const exists = await fullNameOf(pool, req.body.userId);
    if (exists === null) throw new ApiError(400, 'unknown_user', 'No such user to reassign to.', { field: 'userId' });
    return run(req, req.params.id, (meta) => [{
      type: 'ReassignLead', data: { leadId: req.params.id, toUserId: req.body.userId }, meta: { ...meta, assigneeTeamId },
    }], { assignee: { id: req.body.userId, teamId: assigneeTeamId } });
  });

  // A manager takes a lead out of the floor's auto-release rule (PUT), or puts it back (DELETE).
  const exemptionProblems = {
    403: "Only a manager, of the holder's team for a held lead, may change a lead's auto-release (lead.exemption_forbidden).",
    404: 'No such lead (lead.not_found).',
  } as const;
  const exemption = { params: IdParamsSchema, headers: IdempotencyKeyHeaders, response: { 200: LeadResponseSchema }, problems: exemptionProblems };
  // No body to send (a bodiless PUT arrives as null): `{}` or nothing.
  app.put('/api/leads/:id/auto-release-exemption', { schema: { ...exemption, body: z.strictObject({}).nullish() } },
    async (req) => run(req, req.params.id, (meta) => [{ type: 'ExemptFromAutoRelease', data: { leadId: req.params.id }, meta }], { teamManager: true }));
  app.delete('/api/leads/:id/auto-release-exemption', { schema: exemption },
    async (req) => run(req, req.params.id, (meta) => [{ type: 'LiftAutoReleaseExemption', data: { leadId: req.params.id }, meta }], { teamManager: true }));
};
