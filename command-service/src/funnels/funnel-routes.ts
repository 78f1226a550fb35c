import {
  AddFunnelStepBodySchema, CreateFunnelBodySchema, EditFunnelBodySchema, EditFunnelStepBodySchema, FunnelMetadataSchema,
  FunnelStepParamsSchema, FunnelWriteResultSchema, IdParamsSchema, MoveFunnelStepBodySchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import type { FunnelCommand } from './decide-funnel';
import { funnelAggregate, funnelSlugKeys, funnelStream } from './funnel-aggregate';

export type FunnelRouteDeps = { store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const NoBody = z.strictObject({}).nullish();
const slugTaken = () => new ApiError(409, 'funnel.slug_taken', 'Another funnel has this address.', { field: 'slug' });

/** A readable address from a name: "Spring Webinar!" → "spring-webinar". */
export function slugFrom(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 50).replace(/-+$/, '');
  return slug.length >= 3 ? slug : `funnel${slug ? `-${slug}` : ''}`;
}

/**
 * Funnel details, metadata, steps and life (pause, resume, archive). Anyone signed in makes
 * funnels of their own; the owner and managers change them (the decider says so). Every write
 * answers the funnel stream's version: GET /api/funnels/{id}?minVersion= waits for it.
 */
export const funnelRoutes: FastifyPluginAsyncZod<FunnelRouteDeps> = async (app, { store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);
  const problems = {
    403: "Only the funnel's owner or a manager can change it (funnel.not_owner).",
    404: 'No such funnel or step (funnel.not_found, funnel.step_not_found).',
    409: 'Refused by a rule of the funnel: archived, a step path taken, and so on (the code says which).',
  };

  app.post('/api/funnels', {
    schema: {
      headers: IdempotencyKeyHeaders, body: CreateFunnelBodySchema, response: { 201: FunnelWriteResultSchema },
      problems: { 409: 'The address is taken (funnel.slug_taken).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const { name, description = '', slug, leadType } = req.body;
    const funnelId = await store.nextId('funnel');
    const ctx = requestContext(req, actor);
    // A slug made from the name takes the first free one of name, name-2, name-3...
    const candidates = slug ? [slug] : [slugFrom(name), ...Array.from({ length: 8 }, (_, i) => `${slugFrom(name).slice(0, 56)}-${i + 2}`), `${slugFrom(name).slice(0, 48)}-${funnelId}`];
    for (const candidate of candidates) {
      try {
        const out = await handle(funnelAggregate, funnelStream(funnelId), {
          type: 'CreateFunnel', data: { funnelId, name, description, slug: candidate, leadType }, meta: { now: now().toISOString(), actor: asActor(actor) },
        }, ctx, funnelSlugKeys);
        return reply.code(201).send({ funnelId, version: out.version });
      } catch (err) {
        if (!(err instanceof UniqueKeyTakenError)) throw err;
      }
    }
    throw slugTaken();
  });

  const write = (path: string, method: 'post' | 'patch' | 'put' | 'delete', body: z.ZodType, params: z.ZodType, description: string,
    command: (p: { id: number; stepId?: number }, body: never) => Pick<FunnelCommand, 'type' | 'data'>) => {
    app.route({
      method: method.toUpperCase() as 'POST', url: path,
      schema: { headers: IdempotencyKeyHeaders, params, body, description, response: { 200: FunnelWriteResultSchema }, problems },
      handler: async (req) => {
        const actor = await req.actor();
        const p = req.params as { id: number; stepId?: number };
        const c = command(p, req.body as never);
        try {
          const out = await handle(funnelAggregate, funnelStream(p.id), { ...c, meta: { now: now().toISOString(), actor: asActor(actor) } } as FunnelCommand,
            requestContext(req, actor), funnelSlugKeys);
          const added = out.events.find((e) => e.type === 'FunnelStepAdded')?.data as { stepId: number } | undefined;
          return { funnelId: p.id, version: out.version, ...(added ? { stepId: added.stepId } : p.stepId ? { stepId: p.stepId } : {}) };
        } catch (err) {
          if (err instanceof UniqueKeyTakenError) throw slugTaken();
          throw err;
        }
      },
    });
  };

  write('/api/funnels/:id', 'patch', EditFunnelBodySchema, IdParamsSchema, "Edits the funnel's name, description or address.",
    (_p, b: z.output<typeof EditFunnelBodySchema>) => ({ type: 'EditFunnelDetails', data: b }));
  write('/api/funnels/:id/metadata', 'put', FunnelMetadataSchema, IdParamsSchema, 'Replaces what copy suggestions are written from.',
    (_p, b: z.output<typeof FunnelMetadataSchema>) => ({ type: 'EditFunnelMetadata', data: { metadata: b } }));
  write('/api/funnels/:id/steps', 'post', AddFunnelStepBodySchema, IdParamsSchema, 'Adds a step after the last one.',
    (_p, b: z.output<typeof AddFunnelStepBodySchema>) => ({ type: 'AddFunnelStep', data: b }));
  write('/api/funnels/:id/steps/:stepId', 'patch', EditFunnelStepBodySchema, FunnelStepParamsSchema, 'Renames a step or changes its path.',
    (p, b: z.output<typeof EditFunnelStepBodySchema>) => ({ type: 'EditFunnelStep', data: { stepId: p.stepId!, ...b } }));
  write('/api/funnels/:id/steps/:stepId/move', 'post', MoveFunnelStepBodySchema, FunnelStepParamsSchema, 'Moves a step to another place in the order.',
    (p, b: z.output<typeof MoveFunnelStepBodySchema>) => ({ type: 'MoveFunnelStep', data: { stepId: p.stepId!, position: b.position } }));
  write('/api/funnels/:id/steps/:stepId', 'delete', NoBody, FunnelStepParamsSchema, 'Removes a step.',
    (p) => ({ type: 'RemoveFunnelStep', data: { stepId: p.stepId! } }));
  write('/api/funnels/:id/pause', 'post', NoBody, IdParamsSchema, 'Takes the live pages down (visitors get 410) until resumed.',
    () => ({ type: 'PauseFunnel', data: {} }));
  write('/api/funnels/:id/resume', 'post', NoBody, IdParamsSchema, 'Puts a paused funnel live again.',
    () => ({ type: 'ResumeFunnel', data: {} }));
  write('/api/funnels/:id/archive', 'post', NoBody, IdParamsSchema, 'Archives the funnel for good: its pages answer 410 and it changes no more.',
    () => ({ type: 'ArchiveFunnel', data: {} }));
};
