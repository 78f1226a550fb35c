import type { BillingProvider } from '@leadfloor/contracts';
import type { PlanId } from '@leadfloor/events';
import type { StripeFact } from '@leadfloor/infra/stripe/stripe-billing';
import type { UserActor } from '../users/commands';

type Meta = { now: string; actor: UserActor };
/** How plans change on this floor (configuration, read by the route): by hand, or through Stripe. */
type ProviderMeta = Meta & { provider: BillingProvider };

export type SetPlan = { type: 'SetPlan'; data: { plan: PlanId; seats: number }; meta: ProviderMeta };
export type StartCheckout = { type: 'StartCheckout'; data: { sessionId: string; plan: Exclude<PlanId, 'free'>; seats: number }; meta: ProviderMeta };
/** Before someone becomes an active agent or team lead (registration, a manager made an agent). */
export type AssignSeat = { type: 'AssignSeat'; data: { userId: number }; meta: Meta };
/** Someone no longer holds a seat (made a manager, or their registration did not complete). */
export type ReleaseSeat = { type: 'ReleaseSeat'; data: { userId: number }; meta: Meta };
/** A verified Stripe webhook event, in the floor's terms (ignored ones never get here). */
export type RecordStripeEvent = { type: 'RecordStripeEvent'; data: Exclude<StripeFact, { kind: 'ignored' }>; meta: Meta };

export type BillingCommand = SetPlan | StartCheckout | AssignSeat | ReleaseSeat | RecordStripeEvent;
