import { billingView, BillingQuerySchema, BillingSchema, type BillingProvider } from '@leadfloor/contracts';
import { initialBillingFacts, type BillingFacts } from '@leadfloor/events';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type BillingReadDeps = { pool: Pool; provider: BillingProvider; readYourWritesMs?: number };

/**
 * GET /api/billing: the floor's plan, status, seats bought and held, and what the plan includes,
 * for everyone signed in (agents read it, managers change it). `provider` says how plans change
 * on this floor: by hand, or through Stripe. A fresh floor, with no billing event yet, is on Free.
 */
export const billingReadRoutes: FastifyPluginAsyncZod<BillingReadDeps> = async (app, { pool, provider, readYourWritesMs = 2000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/billing', { schema: { querystring: BillingQuerySchema, response: { 200: BillingSchema } } }, async (req) => {
    const deadline = Date.now() + readYourWritesMs;
    for (;;) {
      const { rows } = await pool.query<{ facts: BillingFacts; version: number }>('select facts, version from billing_v1 limit 1');
      const row = rows[0];
      if ((row?.version ?? 0) >= (req.query.minVersion ?? 0) || Date.now() > deadline) {
        return billingView(row?.facts ?? initialBillingFacts(), provider, row?.version ?? 0);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  });
};
