import type { BillingEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor } from '../users/commands';
import { decideBilling, evolveBilling, initialBillingState, refuseCheckout, refusePortal } from './billing-aggregate';
import type { BillingCommand } from './billing-commands';

const now = '2026-04-01T09:00:00.000Z';
const manager: UserActor = { id: 1, role: 'manager', teamId: null };
const agent: UserActor = { id: 5, role: 'agent', teamId: 3 };
const lead: UserActor = { id: 4, role: 'teamLead', teamId: 3 };
const system: UserActor = { id: null, role: 'system', teamId: null };

const stateOf = (events: BillingEvent[]) => events.reduce(evolveBilling, initialBillingState());
const given = (...events: BillingEvent[]) => ({
  when: (c: BillingCommand) => ({
    then: (expected: BillingEvent[]) => expect(decideBilling(c, stateOf(events))).toEqual(expected),
    thenRefuses: (kind: string, code: string) => expect(() => decideBilling(c, stateOf(events))).toThrow(expect.objectContaining({ kind, code })),
  }),
});

const seated = (userId: number): BillingEvent => ({ type: 'SeatAssigned', data: { userId, at: now } });
const released = (userId: number): BillingEvent => ({ type: 'SeatReleased', data: { userId, at: now } });
const planned = (plan: 'free' | 'team' | 'floor', seats: number, by: number | null = 1): BillingEvent => ({ type: 'PlanChanged', data: { plan, seats, by, at: now } });
const assign = (userId: number): BillingCommand => ({ type: 'AssignSeat', data: { userId }, meta: { now, actor: system } });
const release = (userId: number): BillingCommand => ({ type: 'ReleaseSeat', data: { userId }, meta: { now, actor: system } });
const setPlan = (plan: 'free' | 'team' | 'floor', seats: number, actor: UserActor = manager, provider: 'manual' | 'stripe' = 'manual'): BillingCommand =>
  ({ type: 'SetPlan', data: { plan, seats }, meta: { now, actor, provider } });

describe('billing decider: seats', () => {
  it('seats three agents on a fresh floor (Free) and refuses the fourth, naming the plan and its seats', () => {
    given().when(assign(10)).then([seated(10)]);
    given(seated(10), seated(11)).when(assign(12)).then([seated(12)]);
    given(seated(10), seated(11), seated(12)).when(assign(13)).thenRefuses('RuleViolation', 'billing.seats_full');
    expect(() => decideBilling(assign(13), stateOf([seated(10), seated(11), seated(12)])))
      .toThrow('The Free plan includes 3 seats and all 3 are taken. Ask a manager to add seats on the Subscription page.');
  });
  it('assigns a seat to its holder once: a retried registration takes no second seat', () => {
    given(seated(10), seated(11), seated(12)).when(assign(12)).then([]);
  });
  it('frees a seat when its holder lets it go, and releasing a seat nobody holds is a no-op', () => {
    given(seated(10), seated(11), seated(12), released(11)).when(assign(13)).then([seated(13)]);
    given(seated(10)).when(release(10)).then([released(10)]);
    given(seated(10)).when(release(11)).then([]);
  });
  it("counts the plan's seats: Team with 5 takes a fifth agent, not a sixth", () => {
    const five = [planned('team', 5), ...[10, 11, 12, 13].map(seated)];
    given(...five).when(assign(14)).then([seated(14)]);
    given(...five, seated(14)).when(assign(15)).thenRefuses('RuleViolation', 'billing.seats_full');
  });
});

describe('billing decider: the plan set by hand', () => {
  it('lets a manager (or the system, for the demo floor) set the plan and seats', () => {
    given().when(setPlan('team', 10)).then([planned('team', 10)]);
    given().when(setPlan('floor', 100, system)).then([planned('floor', 100, null)]);
  });
  it('refuses anyone but a manager', () => {
    given().when(setPlan('team', 10, agent)).thenRefuses('Forbidden', 'billing.manager_only');
    given().when(setPlan('team', 10, lead)).thenRefuses('Forbidden', 'billing.manager_only');
  });
  it('sends a floor that pays through Stripe to checkout instead', () => {
    given().when(setPlan('team', 10, manager, 'stripe')).thenRefuses('RuleViolation', 'billing.use_checkout');
  });
  it("keeps seats within the plan's range and never below the seats held", () => {
    given().when(setPlan('team', 30)).thenRefuses('RuleViolation', 'billing.seats_out_of_range');
    given().when(setPlan('free', 5)).thenRefuses('RuleViolation', 'billing.seats_out_of_range');
    const six = [planned('team', 10), ...[10, 11, 12, 13, 14, 15].map(seated)];
    given(...six).when(setPlan('team', 5)).thenRefuses('RuleViolation', 'billing.seats_in_use');
    given(...six).when(setPlan('free', 3)).thenRefuses('RuleViolation', 'billing.seats_in_use');
    given(...six).when(setPlan('team', 6)).then([planned('team', 6)]);
  });
  it('is a no-op when the plan and seats are already in force', () => {
    given(planned('team', 10)).when(setPlan('team', 10)).then([]);
  });
});

describe('billing decider: checkout and portal', () => {
  const checkout = (actor: UserActor, provider: 'manual' | 'stripe' = 'stripe'): BillingCommand =>
    ({ type: 'StartCheckout', data: { sessionId: 'cs_test_1', plan: 'team', seats: 10 }, meta: { now, actor, provider } });
  const started: BillingEvent = { type: 'CheckoutStarted', data: { sessionId: 'cs_test_1', plan: 'team', seats: 10, by: 1, at: now } };
  const subscribed: BillingEvent = {
    type: 'SubscriptionUpdated',
    data: { stripeEventId: 'evt_1', stripeCreated: 100, subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', plan: 'team', seats: 10, currentPeriodEnd: null, at: now },
  };

  it('records the Checkout Session a manager was sent to', () => {
    given().when(checkout(manager)).then([started]);
    expect(stateOf([started]).checkout).toEqual({ sessionId: 'cs_test_1', plan: 'team', seats: 10, status: 'open' });
  });
  it('refuses agents, floors without Stripe, and a second subscription', () => {
    given().when(checkout(agent)).thenRefuses('Forbidden', 'billing.manager_only');
    given().when(checkout(manager, 'manual')).thenRefuses('RuleViolation', 'billing.stripe_not_configured');
    given(subscribed).when(checkout(manager)).thenRefuses('RuleViolation', 'billing.subscription_active');
  });
  it('asks the same before a Checkout Session is made', () => {
    const seatsHeld = stateOf([...Array.from({ length: 12 }, (_, i) => seated(10 + i))]);
    expect(() => refuseCheckout(seatsHeld, { plan: 'team', seats: 10 }, { actor: manager, provider: 'stripe' }))
      .toThrow(expect.objectContaining({ code: 'billing.seats_in_use' }));
    expect(() => refuseCheckout(stateOf([]), { plan: 'team', seats: 10 }, { actor: manager, provider: 'stripe' })).not.toThrow();
  });
  it("opens the portal for a manager once the floor is a Stripe customer", () => {
    expect(refusePortal(stateOf([subscribed]), { actor: manager, provider: 'stripe' })).toBe('cus_1');
    expect(() => refusePortal(stateOf([]), { actor: manager, provider: 'stripe' })).toThrow(expect.objectContaining({ code: 'billing.no_customer' }));
    expect(() => refusePortal(stateOf([subscribed]), { actor: agent, provider: 'stripe' })).toThrow(expect.objectContaining({ code: 'billing.manager_only' }));
  });
});
