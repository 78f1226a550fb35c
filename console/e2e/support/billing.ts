import type { Browser, Page } from 'playwright-core';
import { signedEvent, startFakeStripe, subscriptionObject } from '../../../test/fake-stripe';
import { startBackend } from './backend';
import { DEMO } from './accounts';
import { openPage } from './browser';

export const WEBHOOK_SECRET = 'whsec_e2e_leadfloor';

/**
 * A demo floor of its own for a billing journey (changing the plan of the suite's shared floor
 * would change the seats every other journey signs up into). It runs on an embedded PostgreSQL
 * of its own, so the suite's database server carries no third backend's connections.
 */
export const startOwnFloor = (env: NodeJS.ProcessEnv = {}) => startBackend({ env: { ...env, DATABASE_URL: '' } });

/**
 * The demo floor with billing through Stripe: its API is a Stripe-shaped server on loopback
 * (STRIPE_API_URL) whose hosted checkout page sends the browser straight back, as a paid
 * checkout does. Stripe's webhook events are sent by `deliver`, signed with the endpoint's secret.
 */
export async function startStripeFloor() {
  const stripe = await startFakeStripe();
  const backend = await startOwnFloor({
    STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_TEAM: 'price_team', STRIPE_PRICE_FLOOR: 'price_floor',
    STRIPE_API_URL: stripe.apiUrl,
  }).catch(async (err: unknown) => {
    await stripe.close();
    throw err;
  });
  /** Sends a Stripe event to the floor's webhook, as Stripe does. */
  async function deliver(e: { id: string; type: string; created: number; object: Record<string, unknown> }) {
    const { payload, signature } = signedEvent(WEBHOOK_SECRET, e);
    const res = await fetch(`${backend.url}/api/billing/stripe/webhook`, {
      method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    if (!res.ok) throw new Error(`webhook ${e.type}: ${res.status} ${await res.text()}`);
  }
  return {
    url: backend.url,
    deliver,
    /** Stripe's word that Checkout Session `sessionId` was paid: the session, then its subscription. */
    async completeCheckout(sessionId: string, o: { plan: 'team' | 'floor'; seats: number; created: number }) {
      await deliver({
        id: `evt_${sessionId}_completed`, type: 'checkout.session.completed', created: o.created,
        object: { id: sessionId, object: 'checkout.session', mode: 'subscription', customer: 'cus_e2e', subscription: 'sub_e2e', payment_status: 'paid', metadata: { plan: o.plan, seats: String(o.seats) } },
      });
      await deliver({
        id: `evt_${sessionId}_subscription`, type: 'customer.subscription.created', created: o.created,
        object: subscriptionObject({ id: 'sub_e2e', customer: 'cus_e2e', status: 'active', price: `price_${o.plan}`, quantity: o.seats, periodEnd: o.created + 30 * 86_400 }),
      });
    },
    async stop() {
      await backend.stop();
      await stripe.close();
    },
  };
}

/** A page on another backend than the suite's, signed in as `username` through the API. */
export async function signedInOn(browser: Browser, baseURL: string, username: string, options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openPage(browser, { ...options, baseURL });
  const response = await page.request.post('/api/auth/login', { data: { username, password: DEMO.password }, headers: { Origin: baseURL } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return { page, close: () => context.close() };
}
