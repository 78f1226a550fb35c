import type { BillingEvent, BillingStatus, PlanId } from './billing-events';

/**
 * The floor's billing as its events describe it: what the decider folds (with the seat holders
 * on top) and what the billing read model stores, so both sides read the log alike.
 */
export type BillingFacts = {
  plan: PlanId;
  /** Seats bought (null on the Free plan the floor starts on: its seats are the plan's own). */
  seats: number | null;
  status: BillingStatus;
  source: 'manual' | 'stripe';
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: string | null;
  /** `created` of the Stripe event behind the subscription state in force; null: none yet. */
  stripeCreated: number | null;
  seatsUsed: number;
  /** The last Checkout Session a manager was sent to, and whether Stripe said it was paid. */
  checkout: { sessionId: string; plan: PlanId; seats: number; status: 'open' | 'completed' } | null;
  updatedAt: string | null;
};

/** A fresh floor: Free, active, set by nobody. */
export const initialBillingFacts = (): BillingFacts => ({
  plan: 'free', seats: null, status: 'active', source: 'manual', customerId: null, subscriptionId: null,
  currentPeriodEnd: null, stripeCreated: null, seatsUsed: 0, checkout: null, updatedAt: null,
});

/** Applies one event. The decider appends only what should apply, so this never second-guesses. */
export function evolveBillingFacts(f: BillingFacts, e: BillingEvent): BillingFacts {
  switch (e.type) {
    case 'PlanChanged':
      return { ...f, plan: e.data.plan, seats: e.data.seats, status: 'active', source: 'manual', currentPeriodEnd: null, updatedAt: e.data.at };
    case 'CheckoutStarted':
      return { ...f, checkout: { sessionId: e.data.sessionId, plan: e.data.plan, seats: e.data.seats, status: 'open' }, updatedAt: e.data.at };
    case 'CheckoutCompleted': {
      const checkout = f.checkout?.sessionId === e.data.sessionId ? { ...f.checkout, status: 'completed' as const } : f.checkout;
      // The subscription itself arrives as SubscriptionUpdated (which this session may carry too).
      return { ...f, customerId: e.data.customerId, checkout, updatedAt: e.data.at };
    }
    case 'SubscriptionUpdated': {
      const d = e.data;
      return {
        ...f, plan: d.plan, seats: d.seats, status: d.status, source: 'stripe', customerId: d.customerId, subscriptionId: d.subscriptionId,
        currentPeriodEnd: d.currentPeriodEnd, stripeCreated: d.stripeCreated, updatedAt: d.at,
      };
    }
    case 'PaymentFailed':
      return { ...f, status: 'past_due', stripeCreated: Math.max(f.stripeCreated ?? 0, e.data.stripeCreated), updatedAt: e.data.at };
    case 'SeatAssigned':
      return { ...f, seatsUsed: f.seatsUsed + 1 };
    case 'SeatReleased':
      return { ...f, seatsUsed: Math.max(0, f.seatsUsed - 1) };
  }
}
