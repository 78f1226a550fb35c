import { StripeWebhookResponseSchema } from '@leadfloor/contracts';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import { findStreamByKey } from '@leadfloor/infra/event-store/unique-keys';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { StripeSignatureError } from '@leadfloor/infra/stripe/stripe-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { BILLING_STREAM, billingAggregate, stripeEventKeys } from './billing-aggregate';
import type { BillingProvider } from './billing-provider';

/** The body as Stripe sent it: the signature covers these exact bytes, so nothing parses it first. */
const StripeEventBodySchema = z.string().meta({
  description: 'The Stripe event, exactly as Stripe sent it (JSON). The Stripe-Signature header signs these bytes.',
});
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * POST /api/billing/stripe/webhook: Stripe's events about the floor's subscription. The body
 * is taken raw (this route only: every other route keeps its JSON parsing) and verified with
 * the endpoint's signing secret before anything is read from it. Each event id is applied
 * once: it is looked up first, and claimed in the same append as the events it leads to, so
 * two deliveries at once still make one change. Out-of-order events are decided by the state
 * of their subscription (billing-aggregate.ts). Any 2xx tells Stripe to stop retrying.
 */
export const stripeWebhookRoute: FastifyPluginAsyncZod<{ pool: Pool; handle: HandleCommand; now: () => Date; provider: BillingProvider }> = async (app, deps) => {
  const { pool, handle, now, provider } = deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    // Decoded strictly, so the text is the exact bytes that were signed (or refused).
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(new ApiError(400, 'billing.invalid_payload', 'The body is not UTF-8 text.'), undefined);
    }
  });

  app.post('/api/billing/stripe/webhook', {
    schema: {
      body: StripeEventBodySchema,
      headers: z.looseObject({ 'stripe-signature': z.string().optional().meta({ description: "Stripe's signature of the body (t=…,v1=…)." }) }),
      response: { 200: StripeWebhookResponseSchema },
      security: [],
      problems: {
        400: 'The Stripe-Signature header is missing or does not verify this body (billing.invalid_signature).',
        404: 'This floor does not take Stripe webhooks: STRIPE_SECRET_KEY is not configured (billing.stripe_not_configured).',
      },
    },
  }, async (req) => {
    if (provider.kind !== 'stripe') throw new ApiError(404, 'billing.stripe_not_configured', 'This floor does not take Stripe webhooks.');
    let fact;
    try {
      fact = provider.readWebhook(req.body, req.headers['stripe-signature']);
    } catch (err) {
      if (err instanceof StripeSignatureError) {
        req.log.warn({ reason: err.message }, 'a Stripe webhook did not verify');
        throw new ApiError(400, 'billing.invalid_signature', 'The Stripe-Signature header does not verify this body.');
      }
      throw err;
    }
    if (fact.kind === 'ignored') {
      req.log.info({ stripeEvent: fact.eventId, type: fact.type, reason: fact.reason }, 'a Stripe event LeadFloor does not act on');
      return { received: true as const, duplicate: false };
    }
    if (await findStreamByKey(pool, ['stripe_event'], fact.eventId)) return { received: true as const, duplicate: true };
    try {
      await handle(billingAggregate, BILLING_STREAM, {
        type: 'RecordStripeEvent', data: fact, meta: { now: now().toISOString(), actor: { id: null, role: 'system', teamId: null } },
      }, { actorId: null, correlationId: req.id }, stripeEventKeys);
      return { received: true as const, duplicate: false };
    } catch (err) {
      if (err instanceof UniqueKeyTakenError && err.scope === 'stripe_event') return { received: true as const, duplicate: true };
      throw err;
    }
  });
};
