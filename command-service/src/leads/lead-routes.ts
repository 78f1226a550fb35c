import {
  CreateLeadBodySchema, FollowUpBodySchema, IdParamsSchema, LeadPatchBodySchema, LeadResponseSchema,
  PriorityBodySchema, ReassignLeadBodySchema, ScoreBodySchema, ScoreResponseSchema, StageBodySchema, StatusBodySchema,
  TagsBodySchema, type Lead as LeadDto, type LeadPatchBody,
} from '@leadfloor/contracts';
import { fullNameOf, teamOf, type SessionActor } from '@leadfloor/infra/auth/actor';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import type { HolderMeta, LeadCommand } from './commands';
import type { LeadState } from '@leadfloor/events';
import { leadAggregate, leadStream } from './lead-aggregate';
import { commandsFromPatch } from './patch-commands';

export type LeadRouteDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; limiter: RateLimiter; now: () => Date;
  /** Scripted claiming: more claims than this by one agent answers 429. */
  claimLimit?: RateRule;
};

// The refusals of a command on one lead, as the API document lists them (decide.ts has the rules).
const leadWriteProblems = {
  403: 'Only the holder of the lead, or a manager of their team, may change it (lead.not_claimer, lead.reassign_forbidden...).',
  404: 'No such lead (lead.not_found).',
  409: "The lead's state forbids it: a claim of a lead that is no longer available names its status and holder (lead.not_available); a sold lead stays sold (lead.sold_is_final).",
  429: 'Claiming too fast (rate_limited, Retry-After).',
} as const;

export const leadRoutes: FastifyPluginAsyncZod<LeadRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  const { pool, store, handle, limiter } = deps;
  const claimLimit = deps.claimLimit ?? { max: 20, windowMs: 10_000 };

  // The signed-in actor was read with the session: when they hold the lead (the usual case),
  // their name and team need no second look-up.
  const toDto = async (s: LeadState, version: number, actor: SessionActor): Promise<LeadDto> => {
    if (!s.exists) throw new ApiError(404, 'not_found', 'Lead not found.');
    const { exists: _e, createdBy: _c, ...lead } = s;
    const claimedByName = s.claimedBy === actor.id && actor.fullName !== null ? actor.fullName : await fullNameOf(pool, s.claimedBy);
    return { ...lead, claimedByName, version };
  };

  /** Runs lead commands built against the loaded state (the holder's team is looked up each attempt). */
  const run = async (req: FastifyRequest, leadId: number, build: (meta: HolderMeta) => LeadCommand[]) => {
    const actor = await req.actor();
    const commands = async (s: LeadState) => {
      const claimedBy = s.exists ? s.claimedBy : null;
      const claimer = claimedBy === null ? undefined
        : { id: claimedBy, teamId: claimedBy === actor.id ? actor.teamId : await teamOf(pool, claimedBy) };
      const cmds = build({ now: deps.now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, claimer });
      if (cmds.some((c) => c.type === 'ClaimLead')) {
        const v = await limiter.hit(`claim:user:${actor.id}`, claimLimit);
        if (!v.allowed) {
          throw new ApiError(429, 'rate_limited', 'Too many claims in a short time. Slow down.',
            { headers: { 'retry-after': String(v.retryAfterSeconds) } });
        }
      }
      return cmds;
    };
    const outcome = await handle(leadAggregate, leadStream(leadId), commands, requestContext(req, actor));
    return { lead: await toDto(outcome.state, outcome.version, actor), version: outcome.version };
  };

  app.post('/api/leads', {
    schema: { headers: IdempotencyKeyHeaders, body: CreateLeadBodySchema, response: { 201: LeadResponseSchema } },
  }, async (req, reply) => {
    const actor = await req.actor();
    const { status: _available, ...fields } = req.body;
    const leadId = await store.nextId('lead');
    const outcome = await handle(leadAggregate, leadStream(leadId), [{
      type: 'CreateLead', data: { leadId, ...fields },
      meta: { now: deps.now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } },
    }], requestContext(req, actor));
    return reply.code(201).send({ lead: await toDto(outcome.state, outcome.version, actor), version: outcome.version });
  });

  app.patch('/api/leads/:id', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: LeadPatchBodySchema,
      response: { 200: ScoreResponseSchema.or(LeadResponseSchema) }, problems: leadWriteProblems,
    },
  }, async (req) => {
    const body: LeadPatchBody = req.body;
    const result = await run(req, req.params.id, (meta) => commandsFromPatch(req.params.id, body, meta));
    const onlyScore = Object.keys(body).length === 1 && body.score !== undefined;
    return onlyScore ? { score: result.lead.score ?? 0, ...result } : result;
  });

  // The same commands as explicit routes, for API users.
  const explicit = <B extends z.ZodType>(path: string, body: B, build: (id: number, b: z.infer<B>, m: HolderMeta) => LeadCommand[]) =>
    app.post(`/api/leads/:id/${path}`, {
      schema: { params: IdParamsSchema, headers: IdempotencyKeyHeaders, body, response: { 200: LeadResponseSchema }, problems: leadWriteProblems },
    },
      async (req) => run(req, req.params.id, (meta) => build(req.params.id, req.body as z.infer<B>, meta)));

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
    }]);
  });
};
