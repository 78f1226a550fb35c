import { z } from 'zod';
import { streamIdOf } from './envelope';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
/** Stripe's object ids (`cus_…`, `sub_…`, `cs_…`, `evt_…`, `in_…`): letters, digits and underscores. */
export const StripeIdSchema = z.string().regex(/^[A-Za-z0-9_]{1,255}$/);

export const PlanIdSchema = z.enum(['free', 'team', 'floor']);
export type PlanId = z.infer<typeof PlanIdSchema>;
/** The floor's subscription: Stripe's statuses folded into the four that decide what the floor gets. */
export const BillingStatusSchema = z.enum(['active', 'trialing', 'past_due', 'canceled']);
export type BillingStatus = z.infer<typeof BillingStatusSchema>;
/** Who set the plan in force: a manager by hand (`manual`), or a Stripe subscription. */
export const BillingSourceSchema = z.enum(['manual', 'stripe']);

/**
 * What Stripe said, as of when: the Stripe event's id and its `created` (seconds since the
 * epoch). The decider orders a subscription's states by `created`, so an older event that
 * arrives late never overwrites a newer state.
 */
const stripeEvent = { stripeEventId: StripeIdSchema, stripeCreated: z.number().int().nonnegative() };

/**
 * The floor's billing: one stream (`billing-floor`). Its plan and seats, the Stripe
 * subscription behind them when there is one, and who holds a seat (agents and team leads).
 * Secrets never appear here: Stripe's ids name objects, they grant nothing.
 */
export const billingEventSchemas = {
  /** A manager (or the demo seed, as the system) put the floor on a plan by hand. */
  PlanChanged: z.object({ plan: PlanIdSchema, seats: z.number().int().positive(), by: id.nullable(), at }),
  /** A manager was sent to Stripe Checkout for `plan` with `seats`. */
  CheckoutStarted: z.object({ sessionId: StripeIdSchema, plan: PlanIdSchema, seats: z.number().int().positive(), by: id, at }),
  /** Stripe: the Checkout Session was paid; its subscription is the floor's from now on. */
  CheckoutCompleted: z.object({ ...stripeEvent, sessionId: StripeIdSchema, customerId: StripeIdSchema, subscriptionId: StripeIdSchema, at }),
  /**
   * Stripe: the subscription as it stands (created, updated or deleted), or as a completed
   * Checkout Session first tells of it. Appended only when it is newer than what the floor knows.
   */
  SubscriptionUpdated: z.object({
    ...stripeEvent, subscriptionId: StripeIdSchema, customerId: StripeIdSchema, status: BillingStatusSchema,
    plan: PlanIdSchema, seats: z.number().int().positive(), currentPeriodEnd: at.nullable(), at,
  }),
  /** Stripe: an invoice of the floor's subscription could not be paid; it is past due. */
  PaymentFailed: z.object({ ...stripeEvent, subscriptionId: StripeIdSchema, invoiceId: StripeIdSchema, at }),
  SeatAssigned: z.object({ userId: id, at }),
  SeatReleased: z.object({ userId: id, at }),
} as const;

/** One deployment is one floor (DESIGN.md): its billing is one stream. */
export const BILLING_STREAM_ID = streamIdOf('billing', 'floor');

export type BillingEventType = keyof typeof billingEventSchemas;
export type BillingEvent = { [T in BillingEventType]: { type: T; data: z.infer<(typeof billingEventSchemas)[T]> } }[BillingEventType];
