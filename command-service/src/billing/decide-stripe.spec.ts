import { entitlementsOf } from '@leadfloor/contracts';
import type { BillingEvent, BillingStatus } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { decideBilling, evolveBilling, initialBillingState, stripeEventKeys } from './billing-aggregate';
import type { BillingCommand, RecordStripeEvent } from './billing-commands';

const now = '2026-04-01T09:00:00.000Z';
const system = { id: null, role: 'system' as const, teamId: null };
type Fact = RecordStripeEvent['data'];

const record = (data: Fact): BillingCommand => ({ type: 'RecordStripeEvent', data, meta: { now, actor: system } });
/** Decides each fact on the state the ones before it left, as the webhook route does. */
function replay(...facts: Fact[]) {
  let state = initialBillingState();
  const appended: BillingEvent[] = [];
  for (const f of facts) {
    const events = decideBilling(record(f), state);
    appended.push(...events);
    state = events.reduce(evolveBilling, state);
  }
  return { state, appended };
}

const subscription = (eventId: string, created: number, status: BillingStatus, more: Partial<Extract<Fact, { kind: 'subscription' }>> = {}): Fact => ({
  kind: 'subscription', eventId, created, subscriptionId: 'sub_1', customerId: 'cus_1', status, plan: 'team', seats: 10,
  currentPeriodEnd: '2026-05-01T00:00:00.000Z', ...more,
});
const completed = (eventId: string, created: number, subscriptionId = 'sub_1'): Fact => ({
  kind: 'checkout_completed', eventId, created, sessionId: 'cs_1', customerId: 'cus_1', subscriptionId, plan: 'floor', seats: 40,
});
const failed = (eventId: string, created: number, subscriptionId = 'sub_1'): Fact => ({ kind: 'payment_failed', eventId, created, subscriptionId, invoiceId: 'in_1' });

describe('billing decider: Stripe events by the state of their subscription', () => {
  it('puts the floor on the plan and seats of its subscription', () => {
    const { state, appended } = replay(subscription('evt_1', 100, 'active'));
    expect(appended).toEqual([{
      type: 'SubscriptionUpdated',
      data: { stripeEventId: 'evt_1', stripeCreated: 100, subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', plan: 'team', seats: 10, currentPeriodEnd: '2026-05-01T00:00:00.000Z', at: now },
    }]);
    expect(entitlementsOf(state)).toEqual({ plan: 'team', seats: 10, features: ['lead_pool', 'sales', 'live', 'team_invites'] });
    expect(state).toMatchObject({ source: 'stripe', subscriptionId: 'sub_1', customerId: 'cus_1' });
  });

  it('never lets an older event overwrite a newer state: a late "active" after "canceled" changes nothing', () => {
    const { state, appended } = replay(subscription('evt_2', 200, 'canceled'), subscription('evt_1', 100, 'active', { seats: 20 }));
    expect(appended.map((e) => e.type)).toEqual(['SubscriptionUpdated']);
    expect(state.status).toBe('canceled');
    expect(entitlementsOf(state)).toMatchObject({ plan: 'free', seats: 3 });
  });

  it('applies a newer state, and one of the same second', () => {
    expect(replay(subscription('evt_1', 100, 'active'), subscription('evt_2', 150, 'active', { seats: 12 })).state.seats).toBe(12);
    expect(replay(subscription('evt_1', 100, 'active'), subscription('evt_2', 100, 'past_due')).state.status).toBe('past_due');
  });

  it('takes the plan from a completed checkout when it is the first word of the subscription', () => {
    const { state, appended } = replay(completed('evt_9', 300));
    expect(appended.map((e) => e.type)).toEqual(['CheckoutCompleted', 'SubscriptionUpdated']);
    expect(state).toMatchObject({ plan: 'floor', seats: 40, status: 'active', customerId: 'cus_1', subscriptionId: 'sub_1' });
  });

  it('lets the subscription itself count once Stripe has told of it, whichever arrives first', () => {
    const checkoutFirst = replay(completed('evt_9', 300), subscription('evt_10', 301, 'active'));
    const subscriptionFirst = replay(subscription('evt_10', 301, 'active'), completed('evt_9', 300));
    expect(subscriptionFirst.appended.map((e) => e.type)).toEqual(['SubscriptionUpdated', 'CheckoutCompleted']);
    for (const { state } of [checkoutFirst, subscriptionFirst]) expect(state).toMatchObject({ plan: 'team', seats: 10, status: 'active' });
  });

  it('marks the subscription past due on a failed payment, unless a newer state says otherwise', () => {
    expect(replay(subscription('evt_1', 100, 'active'), failed('evt_2', 120)).state.status).toBe('past_due');
    expect(replay(subscription('evt_1', 100, 'active'), subscription('evt_3', 130, 'active'), failed('evt_2', 120)).appended).toHaveLength(2);
    expect(replay(subscription('evt_1', 100, 'active'), failed('evt_2', 120, 'sub_other')).appended).toHaveLength(1);
    // Past due keeps the plan while Stripe retries.
    expect(entitlementsOf(replay(subscription('evt_1', 100, 'active'), failed('evt_2', 120)).state).plan).toBe('team');
  });

  it("ignores the end of a subscription that is not the floor's", () => {
    const { state, appended } = replay(subscription('evt_1', 100, 'active'), subscription('evt_2', 200, 'canceled', { subscriptionId: 'sub_old' }));
    expect(appended).toHaveLength(1);
    expect(state.status).toBe('active');
  });

  it('claims each Stripe event id once, whatever it led to', () => {
    const { appended } = replay(completed('evt_9', 300));
    expect(stripeEventKeys.claimKeys(appended)).toEqual([{ scope: 'stripe_event', key: 'evt_9' }]);
  });
});
