import {
  billingView, BillingResponseSchema, CheckoutBodySchema, CheckoutResponseSchema, PortalBodySchema, PortalResponseSchema, SetPlanBodySchema,
} from '@leadfloor/contracts';
import { initialBillingFacts, type BillingFacts } from '@leadfloor/events';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { StripeUnavailableError } from '@leadfloor/infra/stripe/stripe-billing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import { BILLING_STREAM, billingAggregate, refuseCheckout, refusePortal } from './billing-aggregate';
import type { BillingProvider } from './billing-provider';
import { stripeWebhookRoute } from './stripe-webhook-route';

export type BillingRouteDeps = { pool: Pool; handle: HandleCommand; now: () => Date; provider: BillingProvider };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
/** The console's own address, as the browser reached it (behind a trusted proxy, its X-Forwarded-*). */
const consoleUrl = (req: FastifyRequest, path: string) => `${req.protocol}://${req.host}${path}`;
const stripeDown = (err: unknown) => {
  if (err instanceof StripeUnavailableError) return new ApiError(502, 'billing.provider_unavailable', 'Stripe did not answer. Try again in a moment.');
  return err;
};

/**
 * The floor's plan. Without Stripe a manager sets plan and seats by hand (PUT /api/billing/plan);
 * with Stripe a manager buys a plan through Checkout and manages it in Stripe's customer portal,
 * and Stripe's webhook events set the plan (stripe-webhook-route.ts). Reads: GET /api/billing.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRouteDeps> = async (app, deps) => {
  await app.register(stripeWebhookRoute, deps);
  await app.register(planRoutes, deps);
};

/** A manager's: the plan set by hand, Stripe Checkout and the customer portal. */
const planRoutes: FastifyPluginAsyncZod<BillingRouteDeps> = async (app, { pool, handle, now, provider }) => {
  app.addHook('onRequest', requireSignedIn);

  app.put('/api/billing/plan', {
    schema: {
      body: SetPlanBodySchema, response: { 200: BillingResponseSchema },
      problems: {
        403: 'Only a manager can change the plan (billing.manager_only).',
        409: 'The floor pays through Stripe (billing.use_checkout), or more people hold seats than the plan would have (billing.seats_in_use).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(billingAggregate, BILLING_STREAM, {
      type: 'SetPlan', data: req.body, meta: { now: now().toISOString(), actor: asActor(actor), provider: provider.kind },
    }, requestContext(req, actor));
    return { billing: billingView(out.state, provider.kind, out.version), version: out.version };
  });

  app.post('/api/billing/checkout', {
    schema: {
      body: CheckoutBodySchema, response: { 200: CheckoutResponseSchema },
      problems: {
        403: 'Only a manager can change the plan (billing.manager_only).',
        409: 'Stripe is not configured (billing.stripe_not_configured), the floor already has a subscription (billing.subscription_active), or more people hold seats than chosen (billing.seats_in_use).',
        502: 'Stripe did not answer (billing.provider_unavailable).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const meta = { now: now().toISOString(), actor: asActor(actor), provider: provider.kind };
    let session: { sessionId: string; url: string } | null = null;
    // Asked on the floor's state before a Checkout Session is made, so a refusal costs Stripe
    // nothing; the session is made once however often the decision is retried.
    await handle(billingAggregate, BILLING_STREAM, async (state) => {
      refuseCheckout(state, req.body, meta);
      if (provider.kind !== 'stripe') throw new Error('refuseCheckout lets only a Stripe floor through');
      session ??= await provider.startCheckout({
        plan: req.body.plan, seats: req.body.seats, customerId: state.customerId, email: await emailOf(pool, actor.id),
        successUrl: consoleUrl(req, '/checkout?session_id={CHECKOUT_SESSION_ID}'), cancelUrl: consoleUrl(req, '/checkout?canceled=1'),
      }).catch((err: unknown) => { throw stripeDown(err); });
      return { type: 'StartCheckout' as const, data: { sessionId: session.sessionId, ...req.body }, meta };
    }, { ...requestContext(req, actor), commandId: undefined }); // no replay by Idempotency-Key: the answer is a fresh Checkout URL
    return session!;
  });

  app.post('/api/billing/portal', {
    schema: {
      body: PortalBodySchema, response: { 200: PortalResponseSchema },
      problems: {
        403: 'Only a manager can manage billing (billing.manager_only).',
        409: 'The floor has no Stripe customer yet (billing.no_customer).',
        502: 'Stripe did not answer (billing.provider_unavailable).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const customerId = refusePortal(await billingFactsOf(pool), { actor: asActor(actor), provider: provider.kind });
    if (provider.kind !== 'stripe') throw new Error('refusePortal lets only a Stripe floor through');
    return provider.openPortal({ customerId, returnUrl: consoleUrl(req, '/subscribe') }).catch((err: unknown) => { throw stripeDown(err); });
  });
};

async function emailOf(pool: Pool, userId: number): Promise<string | null> {
  const { rows } = await pool.query<{ email: string }>('select email from users_v1 where id = $1', [userId]);
  return rows[0]?.email ?? null;
}

/** The floor's billing as the read model has it (the portal needs only its Stripe customer). */
async function billingFactsOf(pool: Pool): Promise<BillingFacts> {
  const { rows } = await pool.query<{ facts: BillingFacts }>('select facts from billing_v1 limit 1').catch(() => ({ rows: [] }));
  return rows[0]?.facts ?? initialBillingFacts();
}
