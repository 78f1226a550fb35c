import { holdsSeat } from '@leadfloor/contracts';
import { BILLING_STREAM, billingAggregate } from '../billing/billing-aggregate';
import { createSeats } from '../billing/seats';
import type { HandleCommand } from '../shared/handle-command';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import type { DemoPerson } from './demo-people';

/** The demo floor's plan: Floor, with room for its people and for everyone a demo signs up. */
export const DEMO_PLAN = { plan: 'floor', seats: 100 } as const;

/**
 * Puts the demo floor on its plan (set by hand, as a floor without Stripe is) and gives its
 * agents and team leads their seats, as registration and role changes would have.
 */
export async function seedDemoBilling(handle: HandleCommand, people: (DemoPerson & { id: number })[], at: Date) {
  const ctx = { actorId: null, correlationId: DEMO_SEED_CORRELATION };
  await handle(billingAggregate, BILLING_STREAM, {
    type: 'SetPlan', data: DEMO_PLAN, meta: { now: at.toISOString(), actor: { id: null, role: 'system', teamId: null }, provider: 'manual' },
  }, ctx);
  const seats = createSeats({ handle, now: () => at });
  for (const p of people) if (holdsSeat(p.role)) await seats.take(p.id, ctx);
}
