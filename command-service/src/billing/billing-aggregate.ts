import { entitlementsOf, PLANS, type BillingProvider } from '@leadfloor/contracts';
import {
  BILLING_STREAM_ID, evolveBillingFacts, initialBillingFacts, type BillingEvent, type BillingFacts, type BillingStatus, type PlanId,
} from '@leadfloor/events';
import { Forbidden, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import type { UserActor } from '../users/commands';
import type { BillingCommand, RecordStripeEvent } from './billing-commands';

/** The floor's billing facts (shared with the read model) and who holds its seats. */
export type BillingState = BillingFacts & { seatHolders: number[] };

export const initialBillingState = (): BillingState => ({ ...initialBillingFacts(), seatHolders: [] });

export function evolveBilling(s: BillingState, e: BillingEvent): BillingState {
  const facts = evolveBillingFacts(s, e);
  switch (e.type) {
    case 'SeatAssigned':
      return { ...facts, seatHolders: [...s.seatHolders, e.data.userId] };
    case 'SeatReleased':
      return { ...facts, seatHolders: s.seatHolders.filter((id) => id !== e.data.userId) };
    default:
      return { ...facts, seatHolders: s.seatHolders };
  }
}

/** Every seat of the plan is held: the refusal names the plan and its seats. */
export const seatsFullError = (plan: PlanId, seats: number, seatsUsed: number) => new RuleViolation('billing.seats_full',
  `The ${PLANS[plan].name} plan includes ${seats} seats and all ${seats} are taken. Ask a manager to add seats on the Subscription page.`,
  { plan, seats, seatsUsed });

const mayManageBilling = (actor: UserActor) => actor.role === 'manager' || actor.role === 'system';
const live = (status: BillingStatus) => status !== 'canceled';

function seatsRefusal(s: BillingState, plan: PlanId, seats: number) {
  const { name, seats: range } = PLANS[plan];
  if (seats < range.min || seats > range.max) {
    throw new RuleViolation('billing.seats_out_of_range', `The ${name} plan takes ${range.min} to ${range.max} seats.`, { plan, min: range.min, max: range.max });
  }
  if (seats < s.seatHolders.length) {
    throw new RuleViolation('billing.seats_in_use',
      `${s.seatHolders.length} agents and team leads hold seats, more than the ${seats} of the ${name} plan you chose.`,
      { plan, seats, seatsUsed: s.seatHolders.length });
  }
}

/**
 * Whether a manager may be sent to Stripe Checkout for `plan` with `seats`: asked before the
 * Checkout Session is made (so a refusal costs Stripe nothing), and again by the decider.
 */
export function refuseCheckout(s: BillingState, c: { plan: PlanId; seats: number }, meta: { actor: UserActor; provider: BillingProvider }) {
  if (meta.actor.role !== 'manager') throw new Forbidden('billing.manager_only', 'Only a manager can change the plan.');
  if (meta.provider !== 'stripe') {
    throw new RuleViolation('billing.stripe_not_configured', 'This floor does not pay through Stripe: a manager sets its plan in Settings.');
  }
  if (s.source === 'stripe' && s.subscriptionId !== null && live(s.status)) {
    throw new RuleViolation('billing.subscription_active', 'The floor already has a subscription: change its plan or seats in the billing portal.');
  }
  seatsRefusal(s, c.plan, c.seats);
}

/** A manager may open Stripe's customer portal once the floor is a Stripe customer. */
export function refusePortal(s: Pick<BillingFacts, 'customerId'>, meta: { actor: UserActor; provider: BillingProvider }): string {
  if (meta.actor.role !== 'manager') throw new Forbidden('billing.manager_only', 'Only a manager can manage billing.');
  if (meta.provider !== 'stripe' || s.customerId === null) {
    throw new RuleViolation('billing.no_customer', 'The floor has no Stripe subscription yet: choose a plan first.');
  }
  return s.customerId;
}

/**
 * Whether a state of Stripe subscription `subscriptionId`, as of `created`, is newer than what
 * the floor knows. The floor's own subscription moves forward only: an event Stripe delivers
 * late never rolls it back (one of the same second applies). Another subscription takes over
 * when live, unless the floor's is live and newer. One that has ended is recorded only on a
 * floor Stripe gives nothing now, so that a late "created" of it is then known to be stale.
 */
function isNewer(s: BillingState, subscriptionId: string, created: number, status: BillingStatus): boolean {
  if (s.subscriptionId === subscriptionId) return s.stripeCreated === null || created >= s.stripeCreated;
  const floorLive = s.source === 'stripe' && s.subscriptionId !== null && live(s.status);
  if (live(status)) return !floorLive || created >= (s.stripeCreated ?? 0);
  return !floorLive && !(s.source === 'manual' && s.plan !== 'free');
}

function decideStripe(c: RecordStripeEvent, s: BillingState): BillingEvent[] {
  const at = c.meta.now;
  const f = c.data;
  const stripe = { stripeEventId: f.eventId, stripeCreated: f.created };
  switch (f.kind) {
    case 'checkout_completed': {
      const completed: BillingEvent = {
        type: 'CheckoutCompleted', data: { ...stripe, sessionId: f.sessionId, customerId: f.customerId, subscriptionId: f.subscriptionId, at },
      };
      // The session may be the first word of its subscription: it then sets the plan bought.
      // Once Stripe has told of the subscription itself, that is what counts.
      if (s.subscriptionId === f.subscriptionId || !isNewer(s, f.subscriptionId, f.created, 'active')) return [completed];
      return [completed, {
        type: 'SubscriptionUpdated',
        data: { ...stripe, subscriptionId: f.subscriptionId, customerId: f.customerId, status: 'active', plan: f.plan, seats: f.seats, currentPeriodEnd: null, at },
      }];
    }
    case 'subscription':
      if (!isNewer(s, f.subscriptionId, f.created, f.status)) return [];
      return [{
        type: 'SubscriptionUpdated',
        data: { ...stripe, subscriptionId: f.subscriptionId, customerId: f.customerId, status: f.status, plan: f.plan, seats: f.seats, currentPeriodEnd: f.currentPeriodEnd, at },
      }];
    case 'payment_failed':
      if (s.subscriptionId !== f.subscriptionId || !live(s.status) || !isNewer(s, f.subscriptionId, f.created, s.status)) return [];
      return [{ type: 'PaymentFailed', data: { ...stripe, subscriptionId: f.subscriptionId, invoiceId: f.invoiceId, at } }];
  }
}

/**
 * The floor's billing. Plans change by hand (a manager, on a floor without Stripe) or from
 * Stripe's webhook events, each applied by the state of its subscription so redelivered and
 * out-of-order events never roll it back. Seats are held by agents and team leads: one is
 * assigned before someone becomes one, and refused when the plan's seats are all taken.
 */
export function decideBilling(c: BillingCommand, s: BillingState): BillingEvent[] {
  const { now: at, actor } = c.meta;
  switch (c.type) {
    case 'SetPlan': {
      if (!mayManageBilling(actor)) throw new Forbidden('billing.manager_only', 'Only a manager can change the plan.');
      if (c.meta.provider === 'stripe' && actor.role !== 'system') {
        throw new RuleViolation('billing.use_checkout', 'This floor pays through Stripe: choose a plan on the Subscription page to go to checkout.');
      }
      seatsRefusal(s, c.data.plan, c.data.seats);
      if (s.source === 'manual' && s.status === 'active' && s.plan === c.data.plan && s.seats === c.data.seats) return [];
      return [{ type: 'PlanChanged', data: { plan: c.data.plan, seats: c.data.seats, by: actor.id, at } }];
    }
    case 'StartCheckout':
      refuseCheckout(s, c.data, c.meta);
      if (actor.id === null) throw new Forbidden('billing.manager_only', 'Only a manager can change the plan.');
      return [{ type: 'CheckoutStarted', data: { ...c.data, by: actor.id, at } }];
    case 'AssignSeat': {
      if (s.seatHolders.includes(c.data.userId)) return [];
      const { plan, seats } = entitlementsOf(s);
      if (s.seatHolders.length >= seats) throw seatsFullError(plan, seats, s.seatHolders.length);
      return [{ type: 'SeatAssigned', data: { userId: c.data.userId, at } }];
    }
    case 'ReleaseSeat':
      return s.seatHolders.includes(c.data.userId) ? [{ type: 'SeatReleased', data: { userId: c.data.userId, at } }] : [];
    case 'RecordStripeEvent':
      return decideStripe(c, s);
  }
}

export const billingAggregate: Aggregate<BillingState, BillingCommand, BillingEvent> = {
  streamType: 'billing', initialState: initialBillingState, evolve: evolveBilling, decide: decideBilling,
};
export const BILLING_STREAM = BILLING_STREAM_ID;
/** Each Stripe event is applied once: its id is claimed with the events it led to. */
export const stripeEventKeys = {
  claimKeys: (events: BillingEvent[]) => [...new Set(events.flatMap((e) => ('stripeEventId' in e.data ? [e.data.stripeEventId] : [])))]
    .map((key) => ({ scope: 'stripe_event', key })),
};
