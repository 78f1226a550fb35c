import { PipelineQuerySchema, PipelineResponseSchema, TimeTravelRangeSchema, type Lead } from '@leadfloor/contracts';
import { LeadStageSchema } from '@leadfloor/events';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withCustomFieldFilters } from '../leads/custom-field-filters';
import { readLivePool } from '../leads/lead-read-routes';
import { checkAsOf } from './as-of-instant';
import { HISTORY, poolAsOf } from './pool-as-of';

export type TimeTravelDeps = { pool: Pool; now: () => Date };

const STAGES: Lead['stage'][] = LeadStageSchema.options;

/** The range a scrubber offers, and the pipeline (now or as of an instant) in one read. */
export const timeTravelRoutes: FastifyPluginAsyncZod<TimeTravelDeps> = async (app, { pool, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/time-travel', { schema: { querystring: z.strictObject({}), response: { 200: TimeTravelRangeSchema } } }, async (req) => {
    await req.actor();
    // The floor began with its first lead, its first points or its first person, whichever came
    // first; each is an indexed minimum of its read model.
    const { rows } = await pool.query<{ started: Date | null }>(
      `select least((select min(created_at) from "${HISTORY}"), (select min(at) from points_ledger_v1),
                    (select min(created_at) from users_v1)) as started`);
    const started = rows[0]?.started ?? null;
    return { floorStartedAt: started ? started.toISOString() : null, now: now().toISOString() };
  });

  app.get('/api/pipeline', { schema: { querystring: PipelineQuerySchema, response: { 200: PipelineResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const { asOf, ...rest } = req.query;
    const q = await withCustomFieldFilters(pool, rest);
    const at = asOf ? checkAsOf(asOf, now()) : null;
    const columns = await Promise.all(STAGES.map(async (stage) => {
      const column = { ...q, stageFilter: stage, cursor: undefined };
      const page = at ? await poolAsOf(pool, column, actor.id, at) : await readLivePool(pool, column, actor.id, now());
      return { stage, total: page.total, leads: page.leads, nextCursor: page.nextCursor };
    }));
    return { asOf: at ? at.toISOString() : null, columns };
  });
};
