import { PipelineQuerySchema, PipelineResponseSchema, TimeTravelRangeSchema } from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withCustomFieldFilters } from '../leads/custom-field-filters';
import { checkAsOf } from './as-of-instant';
import { readPipeline } from './pipeline-read';
import { HISTORY } from './pool-as-of';

export type TimeTravelDeps = { pool: Pool; now: () => Date };

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
    const columns = await readPipeline(pool, q, actor.id, { at, now: now() });
    return { asOf: at ? at.toISOString() : null, columns };
  });
};
