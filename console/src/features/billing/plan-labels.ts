import { PLANS, type Billing, type Plan } from '@leadfloor/contracts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$29', the price of a seat for a month. */
export const seatPrice = (plan: Plan) => dollars.format(plan.pricePerSeatCents / 100);
/** '$29 per seat / month', or 'Free'. */
export const priceLabel = (plan: Plan) => (plan.pricePerSeatCents === 0 ? 'Free' : `${seatPrice(plan)} per seat / month`);

/** '3 seats' for a fixed plan, '5 to 25 seats' for a range. */
export const seatRangeLabel = (plan: Plan) =>
  plan.seats.min === plan.seats.max ? `${plan.seats.min} seats` : `${plan.seats.min} to ${plan.seats.max} seats`;

/** '3 of 3 seats used'. */
export const seatUsageLabel = (billing: Pick<Billing, 'seatsUsed' | 'includes'>) =>
  `${billing.seatsUsed} of ${billing.includes.seats} ${billing.includes.seats === 1 ? 'seat' : 'seats'} used`;

export const STATUS_LABELS: Record<Billing['status'], string> = { active: 'Active', trialing: 'Trial', past_due: 'Past due', canceled: 'Canceled' };

/** The seats to offer when a manager picks `plan`: as many as are held, within the plan's range. */
export const suggestedSeats = (plan: Plan, billing: Pick<Billing, 'seatsUsed' | 'includes'>) => {
  const wanted = billing.includes.plan === plan.id ? billing.includes.seats : Math.max(billing.seatsUsed, plan.seats.min);
  return Math.min(Math.max(wanted, plan.seats.min), plan.seats.max);
};

/** The monthly total of `seats` on `plan`, e.g. '$290 / month'. */
export const monthlyTotalLabel = (plan: Plan, seats: number) => `${dollars.format((plan.pricePerSeatCents * seats) / 100)} / month`;

export const PLAN_LIST = [PLANS.free, PLANS.team, PLANS.floor];
