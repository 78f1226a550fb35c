import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { userAggregate, userStream } from '../../command-service/src/users/user-aggregate';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createStripeBilling } from '../../infra/src/stripe/stripe-billing';
import { startApi, type Agent, type Api } from '../api-harness';
import { signedEvent, startFakeStripe, subscriptionObject } from '../fake-stripe';
import { waitFor } from '../wait-for';

// Billing through Stripe: the adapter on the official SDK, pointed at a Stripe-shaped server on
// loopback for Checkout and the portal; webhook events signed with the SDK's own test helper.
const SECRET = 'whsec_test_leadfloor';
const settings = { secretKey: 'sk_test_leadfloor', webhookSecret: SECRET, prices: { team: 'price_team', floor: 'price_floor' } };
const PERIOD_END = 1_798_761_600; // 2027-01-01T00:00:00Z

let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let api: Api;
let boss: Agent;
let ann: Agent;
beforeAll(async () => {
  stripe = await startFakeStripe();
  api = await startApi({ plan: 'fresh', billing: createStripeBilling({ ...settings, apiUrl: stripe.apiUrl }) });
  [boss, ann] = [await api.agent('boss'), await api.agent('ann')];
  await createCommandHandler(createPostgresEventStore(api.pool))(userAggregate, userStream(boss.id), {
    type: 'ChangeRole', data: { role: 'manager' }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
  }, { actorId: null, correlationId: 'test-manager' });
  await waitFor(async () => (await api.pool.query(`select 1 from users_v1 where id = $1 and role = 'manager'`, [boss.id])).rowCount === 1,
    { what: 'the manager in the read model' });
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});

const deliver = (e: { payload: string; signature: string }, signature = e.signature) => api.app.inject({
  method: 'POST', url: '/api/billing/stripe/webhook', payload: e.payload,
  headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
});
const subscriptionEvent = (id: string, created: number, type: string, o: { status: string; quantity?: number; price?: string; sub?: string }) =>
  signedEvent(SECRET, {
    id, type, created,
    object: subscriptionObject({ id: o.sub ?? 'sub_1', customer: 'cus_1', status: o.status, price: o.price ?? 'price_team', quantity: o.quantity ?? 10, periodEnd: PERIOD_END }),
  });
const billingEvents = async () => (await api.pool.query<{ type: string; data: Record<string, unknown> }>(
  `select type, data from events where stream_id = 'billing-floor' and type not like 'Seat%' order by global_position`)).rows;
const billingNow = async () => (await ann.request('GET', '/api/billing')).json();
const until = (what: string, check: (b: Record<string, unknown>) => boolean) =>
  waitFor(async () => check(await billingNow()), { what });

describe('checkout and the portal', () => {
  it('sends a manager to a Checkout Session for the plan price, as many seats as chosen', async () => {
    const res = await boss.request('POST', '/api/billing/checkout', { plan: 'team', seats: 10 }, { host: 'floor.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sessionId: 'cs_test_1', url: `${stripe.apiUrl}/c/pay/cs_test_1` });
    const sent = stripe.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_leadfloor' });
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'subscription', 'line_items[0][price]': 'price_team', 'line_items[0][quantity]': '10', customer_email: 'boss@example.com',
      'metadata[plan]': 'team', 'metadata[seats]': '10', client_reference_id: 'leadfloor',
      success_url: 'http://floor.example/checkout?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://floor.example/checkout?canceled=1',
    });
    expect(await billingEvents()).toEqual([{ type: 'CheckoutStarted', data: expect.objectContaining({ sessionId: 'cs_test_1', plan: 'team', seats: 10, by: boss.id }) }]);
    await until('the open checkout', (b) => (b.checkout as { status?: string } | null)?.status === 'open');
  });

  it('refuses agents and setting the plan by hand, before Stripe is asked', async () => {
    const asked = stripe.requests.length;
    expect((await ann.request('POST', '/api/billing/checkout', { plan: 'team', seats: 10 })).json().code).toBe('billing.manager_only');
    expect((await boss.request('POST', '/api/billing/checkout', { plan: 'team', seats: 30 })).statusCode).toBe(400);
    const byHand = await boss.request('PUT', '/api/billing/plan', { plan: 'team', seats: 10 });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().code).toBe('billing.use_checkout');
    expect((await boss.request('POST', '/api/billing/portal', {})).json().code).toBe('billing.no_customer');
    expect(stripe.requests.length).toBe(asked);
  });

  it('answers 502 when Stripe fails, appending nothing', async () => {
    const before = (await billingEvents()).length;
    stripe.failNext(2);
    const res = await boss.request('POST', '/api/billing/checkout', { plan: 'floor', seats: 40 });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('billing.provider_unavailable');
    expect((await billingEvents()).length).toBe(before);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a body whose signature does not verify, or that has none (400), and applies nothing', async () => {
    const event = subscriptionEvent('evt_forged', 1_000, 'customer.subscription.updated', { status: 'active', quantity: 250, price: 'price_floor' });
    const forged = signedEvent('whsec_someone_else', { id: 'evt_forged', type: 'customer.subscription.updated', created: 1_000, object: {} });
    for (const res of [await deliver(event, forged.signature), await deliver({ ...event, payload: event.payload.replace('250', '251') })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('billing.invalid_signature');
    }
    const unsigned = await api.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: event.payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await billingEvents()).map((e) => e.type)).toEqual(['CheckoutStarted']);
  });

  it('applies a verified event: the floor is on the plan and seats of its subscription', async () => {
    const res = await deliver(subscriptionEvent('evt_created', 1_000, 'customer.subscription.created', { status: 'active' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    await until('the subscription in the read model', (b) => b.plan === 'team');
    expect(await billingNow()).toMatchObject({
      plan: 'team', status: 'active', source: 'stripe', provider: 'stripe', portal: true, currentPeriodEnd: '2027-01-01T00:00:00.000Z',
      includes: { plan: 'team', seats: 10 },
    });
  });

  it('applies a redelivered event once', async () => {
    const completed = signedEvent(SECRET, {
      id: 'evt_completed', type: 'checkout.session.completed', created: 1_001,
      object: { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1', payment_status: 'paid', metadata: { plan: 'team', seats: '10' } },
    });
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: true });
    const applied = (await billingEvents()).filter((e) => e.data.stripeEventId === 'evt_completed');
    expect(applied.map((e) => e.type)).toEqual(['CheckoutCompleted']);
    await until('the completed checkout', (b) => (b.checkout as { status?: string } | null)?.status === 'completed');
  });

  it('never lets an older subscription.updated roll back a newer state', async () => {
    await deliver(subscriptionEvent('evt_newer', 2_000, 'customer.subscription.updated', { status: 'active', quantity: 20 }));
    const older = await deliver(subscriptionEvent('evt_older', 1_500, 'customer.subscription.updated', { status: 'active', quantity: 12 }));
    expect(older.statusCode).toBe(200);
    await until('the newer seats', (b) => (b.includes as { seats: number }).seats === 20);
    expect((await billingEvents()).some((e) => e.data.stripeEventId === 'evt_older')).toBe(false);
    expect((await billingNow()).includes.seats).toBe(20);
  });

  it('marks the floor past due on a failed payment, and keeps its plan while Stripe retries', async () => {
    const failed = signedEvent(SECRET, {
      id: 'evt_failed', type: 'invoice.payment_failed', created: 2_100,
      object: { id: 'in_1', object: 'invoice', customer: 'cus_1', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } } },
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    await until('past due', (b) => b.status === 'past_due');
    expect((await billingNow()).includes).toMatchObject({ plan: 'team', seats: 20 });
  });

  it('ends the plan when the subscription is deleted: back to Free, and sign-ups past its seats are refused', async () => {
    await deliver(subscriptionEvent('evt_deleted', 3_000, 'customer.subscription.deleted', { status: 'canceled' }));
    await until('canceled', (b) => b.status === 'canceled');
    expect((await billingNow()).includes).toMatchObject({ plan: 'free', seats: 3 });
    await api.agent('cyd'); // the third seat
    const refused = await api.app.inject({
      method: 'POST', url: '/api/auth/register', payload: { username: 'dee', email: 'dee@example.com', password: 'secret123', fullName: 'Dee Tester' },
    });
    expect(refused.json().code).toBe('billing.seats_full');
  });

  it("acknowledges events it does not act on, and prices that are not a plan's", async () => {
    const other = signedEvent(SECRET, { id: 'evt_charge', type: 'charge.succeeded', created: 3_100, object: { id: 'ch_1', object: 'charge' } });
    const foreign = subscriptionEvent('evt_foreign', 3_200, 'customer.subscription.created', { status: 'active', price: 'price_elsewhere', sub: 'sub_2' });
    for (const e of [other, foreign]) expect((await deliver(e)).json()).toEqual({ received: true, duplicate: false });
    expect((await billingEvents()).some((e) => ['evt_charge', 'evt_foreign'].includes(String(e.data.stripeEventId)))).toBe(false);
  });

  it("opens the customer portal for the floor's customer, back to /subscribe", async () => {
    const res = await boss.request('POST', '/api/billing/portal', {}, { host: 'floor.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.test/p/session/cus_1' });
    expect(Object.fromEntries(stripe.requests.at(-1)!.form)).toEqual({ customer: 'cus_1', return_url: 'http://floor.example/subscribe' });
    expect((await ann.request('POST', '/api/billing/portal', {})).statusCode).toBe(403);
  });
});
