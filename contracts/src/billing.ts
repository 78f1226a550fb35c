import { BillingStatusSchema, PlanIdSchema, StripeIdSchema, type BillingFacts, type PlanId } from '@leadfloor/events';
import { z } from 'zod';
import type { Role } from './users';

export const PlanFeatureSchema = z.enum(['lead_pool', 'sales', 'live', 'team_invites']);
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;
/** What each feature means, as /subscribe and settings say it. */
export const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  lead_pool: 'Shared lead pool, calls and call analysis',
  sales: 'Sales, commissions, points and leaderboards',
  live: 'Live notifications and the TV leaderboard',
  team_invites: 'Invite links that put new agents on a team',
};

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Per seat per month, in cents (USD). */
  pricePerSeatCents: number;
  /** The seats a floor may buy on this plan (Free: its three, no more). */
  seats: { min: number; max: number };
  features: PlanFeature[];
};

/**
 * The plans and what each includes: the one place the server enforces them from and the
 * console shows them from. A seat is an agent or team lead who can sign in and work leads;
 * managers run the floor and hold none.
 */
export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free', name: 'Free', description: 'For a small desk trying LeadFloor out.',
    pricePerSeatCents: 0, seats: { min: 3, max: 3 }, features: ['lead_pool', 'sales', 'live'],
  },
  team: {
    id: 'team', name: 'Team', description: 'For a growing team with its own leads.',
    pricePerSeatCents: 2_900, seats: { min: 5, max: 25 }, features: ['lead_pool', 'sales', 'live', 'team_invites'],
  },
  floor: {
    id: 'floor', name: 'Floor', description: 'For a whole sales floor, at a lower price per seat.',
    pricePerSeatCents: 2_400, seats: { min: 26, max: 250 }, features: ['lead_pool', 'sales', 'live', 'team_invites'],
  },
};
export const PLAN_IDS = PlanIdSchema.options;

/** Who takes a seat: agents and team leads. Managers run the floor and hold none. */
export const holdsSeat = (role: Role) => role === 'agent' || role === 'teamLead';

export type Entitlements = { plan: PlanId; seats: number; features: PlanFeature[] };

/**
 * What the floor gets now, from its billing state alone. A canceled subscription falls back to
 * Free; a past-due one keeps its plan while Stripe retries the payment. Seats are those bought,
 * never more than the plan allows.
 */
export function entitlementsOf(f: Pick<BillingFacts, 'plan' | 'seats' | 'status'>): Entitlements {
  const plan = f.status === 'canceled' ? PLANS.free : PLANS[f.plan];
  const seats = plan.id === 'free' ? plan.seats.max : Math.min(Math.max(1, f.seats ?? plan.seats.min), plan.seats.max);
  return { plan: plan.id, seats, features: plan.features };
}

export const hasFeature = (f: Pick<BillingFacts, 'plan' | 'seats' | 'status'>, feature: PlanFeature) =>
  entitlementsOf(f).features.includes(feature);

const seatsWithinPlan = (body: { plan: PlanId; seats: number }, ctx: z.RefinementCtx) => {
  const { min, max } = PLANS[body.plan].seats;
  if (body.seats < min || body.seats > max) {
    ctx.addIssue({
      code: 'custom', path: ['seats'],
      message: min === max ? `The ${PLANS[body.plan].name} plan has ${min} seats` : `The ${PLANS[body.plan].name} plan takes ${min} to ${max} seats`,
    });
  }
};
const SeatsSchema = z.number({ error: 'Enter a number of seats' }).int('Enter a whole number of seats').min(1, 'At least one seat').max(1_000);

/** PUT /api/billing/plan: a manager sets the plan by hand (floors without Stripe). */
export const SetPlanBodySchema = z.strictObject({ plan: PlanIdSchema, seats: SeatsSchema }).superRefine(seatsWithinPlan);
export type SetPlanBody = z.infer<typeof SetPlanBodySchema>;

/** POST /api/billing/checkout: a manager buys a paid plan through Stripe Checkout. */
export const CheckoutBodySchema = z.strictObject({ plan: z.enum(['team', 'floor']), seats: SeatsSchema }).superRefine(seatsWithinPlan);
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;
export const CheckoutResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
/** POST /api/billing/portal: Stripe's customer portal for the floor's subscription (no body). */
export const PortalBodySchema = z.strictObject({}).nullish();
export const PortalResponseSchema = z.object({ url: z.string() });

/** How plans change on this floor: by hand in settings, or through Stripe. */
export const BillingProviderSchema = z.enum(['manual', 'stripe']);
export type BillingProvider = z.infer<typeof BillingProviderSchema>;

/** GET /api/billing: the floor's plan, seats and what they include (everyone signed in reads it). */
export const BillingSchema = z.object({
  plan: PlanIdSchema,
  status: BillingStatusSchema,
  /** Who set the plan in force: a manager by hand, or the Stripe subscription. */
  source: z.enum(['manual', 'stripe']),
  provider: BillingProviderSchema,
  /** What the floor gets now (a canceled subscription: Free's). */
  includes: z.object({ plan: PlanIdSchema, seats: z.number().int(), features: z.array(PlanFeatureSchema) }),
  seatsUsed: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
  /** Whether Stripe's customer portal can be opened (the floor has a Stripe customer). */
  portal: z.boolean(),
  checkout: z.object({ sessionId: z.string(), plan: PlanIdSchema, seats: z.number().int(), status: z.enum(['open', 'completed']) }).nullable(),
  updatedAt: z.string().nullable(),
  /** The billing stream's version this reflects (read-your-writes: pass it back as minVersion). */
  version: z.number().int(),
});
export type Billing = z.infer<typeof BillingSchema>;
export const BillingQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
export const BillingResponseSchema = z.object({ billing: BillingSchema, version: z.number().int() });

/** The answer of GET /api/billing and of every billing command, from the billing facts. */
export function billingView(f: BillingFacts, provider: BillingProvider, version: number): Billing {
  return {
    plan: f.plan, status: f.status, source: f.source, provider, includes: entitlementsOf(f), seatsUsed: f.seatsUsed,
    currentPeriodEnd: f.currentPeriodEnd, portal: provider === 'stripe' && f.customerId !== null, checkout: f.checkout,
    updatedAt: f.updatedAt, version,
  };
}

/** POST /api/billing/stripe/webhook's answer: Stripe needs a 2xx, and a redelivery is harmless. */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
/** /checkout's `?session_id=`: only a Checkout Session id is waited for. */
export const CheckoutSessionIdSchema = StripeIdSchema.refine((v) => v.startsWith('cs_'), 'Not a Checkout Session id');
