import { hasFeature, PLAN_FEATURE_LABELS, PLANS, type PlanFeature } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { Forbidden } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { BILLING_STREAM, billingAggregate } from './billing-aggregate';

/**
 * Refuses a feature the floor's plan does not include (403 `billing.feature_not_included`),
 * judged on the billing stream itself: entitlements come from the billing state alone.
 */
export async function requireFeature(store: EventStore, feature: PlanFeature) {
  const { state } = await loadState(store, billingAggregate, BILLING_STREAM);
  if (hasFeature(state, feature)) return;
  const with_ = Object.values(PLANS).filter((p) => p.features.includes(feature)).map((p) => p.name).join(' and ');
  throw new Forbidden('billing.feature_not_included',
    `${PLAN_FEATURE_LABELS[feature]}: included in the ${with_} plans, not in ${PLANS[state.status === 'canceled' ? 'free' : state.plan].name}.`,
    { feature });
}
