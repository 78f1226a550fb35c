import type { BillingStatus, PlanId } from '@leadfloor/events';
import { StripeIdSchema } from '@leadfloor/events';
import Stripe from 'stripe';
import type { StripeSettings } from './stripe-settings';

/**
 * A Stripe webhook event in the floor's terms: which subscription, which plan (from the price
 * the operator configured for it), how many seats, in what state, and when Stripe said so
 * (`created`, seconds since the epoch: the order of states). Anything else is `ignored`.
 */
export type StripeFact =
  | { kind: 'checkout_completed'; eventId: string; created: number; sessionId: string; customerId: string; subscriptionId: string; plan: PlanId; seats: number }
  | {
    kind: 'subscription'; eventId: string; created: number; subscriptionId: string; customerId: string;
    status: BillingStatus; plan: PlanId; seats: number; currentPeriodEnd: string | null;
  }
  | { kind: 'payment_failed'; eventId: string; created: number; subscriptionId: string; invoiceId: string }
  | { kind: 'ignored'; eventId: string; created: number; type: string; reason: string };

/** The signature did not verify (wrong secret, altered body, too old): the sender is not Stripe. */
export class StripeSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureError';
  }
}

/** Stripe could not be reached or refused the request (its message stays in the log). */
export class StripeUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Stripe did not complete the request: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StripeUnavailableError';
  }
}

export type CheckoutRequest = {
  plan: Exclude<PlanId, 'free'>; seats: number; customerId: string | null; email: string | null;
  /** Where Stripe sends the browser back: the console's /checkout (with the session id) and /subscribe. */
  successUrl: string; cancelUrl: string;
};

// Stripe's statuses folded into the floor's four. `incomplete` is a first payment still under
// way (no plan yet); `unpaid`, `paused` and `incomplete_expired` give the floor nothing.
const STATUS: Record<string, BillingStatus | null> = {
  active: 'active', trialing: 'trialing', past_due: 'past_due',
  canceled: 'canceled', unpaid: 'canceled', paused: 'canceled', incomplete_expired: 'canceled', incomplete: null,
};

const idOf = (v: string | { id: string } | null | undefined): string | null => {
  const id = typeof v === 'string' ? v : v?.id;
  return id !== undefined && StripeIdSchema.safeParse(id).success ? id : null;
};
const toIso = (seconds: number | null | undefined) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null);

/** The SDK's host, port and protocol for an API address other than Stripe's own. */
function apiAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' as const : 'https' as const;
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * The Stripe adapter of the billing port, on the official `stripe` package: Checkout Sessions
 * for a plan's price (quantity = seats), customer-portal sessions, and webhook events verified
 * over the raw body with the endpoint's signing secret. `apiUrl` points the SDK at another
 * Stripe-compatible server (the tests run one on loopback).
 */
export function createStripeBilling(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, { ...apiAddress(settings.apiUrl), maxNetworkRetries: 1, timeout: 10_000, appInfo: { name: 'LeadFloor' } });
  const planOfPrice = (priceId: string | undefined): PlanId | null =>
    priceId === settings.prices.team ? 'team' : priceId === settings.prices.floor ? 'floor' : null;
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (err) {
      throw new StripeUnavailableError(err);
    }
  };

  function subscriptionFact(event: Stripe.Event, sub: Stripe.Subscription, deleted: boolean): StripeFact {
    const base = { eventId: event.id, created: event.created };
    const item = sub.items.data[0];
    const plan = planOfPrice(item?.price.id);
    const status = deleted ? 'canceled' : STATUS[sub.status] ?? null;
    const subscriptionId = idOf(sub.id);
    const customerId = idOf(sub.customer);
    if (!plan) return { kind: 'ignored', ...base, type: event.type, reason: `price ${item?.price.id ?? '(none)'} is not a LeadFloor plan's` };
    if (!status) return { kind: 'ignored', ...base, type: event.type, reason: `status ${sub.status} grants nothing yet` };
    if (!subscriptionId || !customerId) return { kind: 'ignored', ...base, type: event.type, reason: 'no subscription or customer id' };
    return {
      kind: 'subscription', ...base, subscriptionId, customerId, status, plan,
      seats: Math.max(1, item?.quantity ?? 1), currentPeriodEnd: toIso(item?.current_period_end),
    };
  }

  function factOf(event: Stripe.Event): StripeFact {
    const base = { eventId: event.id, created: event.created };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const plan = session.metadata?.plan === 'team' || session.metadata?.plan === 'floor' ? session.metadata.plan : null;
        const seats = Number(session.metadata?.seats);
        const [sessionId, customerId, subscriptionId] = [idOf(session.id), idOf(session.customer), idOf(session.subscription)];
        if (session.mode !== 'subscription' || !plan || !Number.isInteger(seats) || seats < 1 || !sessionId || !customerId || !subscriptionId) {
          return { kind: 'ignored', ...base, type: event.type, reason: 'not a LeadFloor plan checkout' };
        }
        if (session.payment_status === 'unpaid') return { kind: 'ignored', ...base, type: event.type, reason: 'not paid yet' };
        return { kind: 'checkout_completed', ...base, sessionId, customerId, subscriptionId, plan, seats };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return subscriptionFact(event, event.data.object, false);
      case 'customer.subscription.deleted':
        return subscriptionFact(event, event.data.object, true);
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        const invoiceId = idOf(invoice.id);
        if (!subscriptionId || !invoiceId) return { kind: 'ignored', ...base, type: event.type, reason: 'not a subscription invoice' };
        return { kind: 'payment_failed', ...base, subscriptionId, invoiceId };
      }
      default:
        return { kind: 'ignored', ...base, type: event.type, reason: 'not an event LeadFloor follows' };
    }
  }

  return {
    kind: 'stripe' as const,
    /** A Checkout Session for the plan's price, `seats` of it: its id and the URL to send the manager to. */
    async startCheckout(r: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
      const session = await call(() => stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[r.plan], quantity: r.seats }],
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        client_reference_id: 'leadfloor',
        ...(r.customerId ? { customer: r.customerId } : r.email ? { customer_email: r.email } : {}),
        metadata: { plan: r.plan, seats: String(r.seats) },
        subscription_data: { metadata: { plan: r.plan } },
      }));
      if (!session.url || !idOf(session.id)) throw new StripeUnavailableError(new Error('the Checkout Session came back without its id or URL'));
      return { sessionId: session.id, url: session.url };
    },
    /** A customer-portal session for the floor's Stripe customer, returning to `returnUrl`. */
    async openPortal(r: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: r.customerId, return_url: r.returnUrl }));
      return { url: session.url };
    },
    /**
     * Verifies `payload` (the request's exact bytes) against its Stripe-Signature header with the
     * signing secret, then reads the event. Throws StripeSignatureError when it does not verify.
     */
    readWebhook(payload: string | Buffer, signature: string | undefined): StripeFact {
      if (!signature) throw new StripeSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
      } catch (err) {
        throw new StripeSignatureError(err instanceof Error ? err.message : 'The signature does not verify.');
      }
      if (!StripeIdSchema.safeParse(event.id).success || !Number.isInteger(event.created)) {
        return { kind: 'ignored', eventId: 'evt_unknown', created: 0, type: String(event.type), reason: 'no usable event id' };
      }
      return factOf(event);
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
