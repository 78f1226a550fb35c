import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BillingResponseSchema, CheckoutResponseSchema, PortalResponseSchema, type CheckoutBody, type SetPlanBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { billingKeys } from './billing-queries';

/** PUT /api/billing/plan (floors without Stripe): the answer is the billing now in force. */
export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPlanBody) => api.put('/api/billing/plan', body, BillingResponseSchema),
    onSuccess: ({ billing }) => queryClient.setQueryData(billingKeys.current(), billing),
  });
}

/** POST /api/billing/checkout: a Stripe Checkout Session; the caller sends the browser to its URL. */
export function useStartCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => api.post('/api/billing/checkout', body, CheckoutResponseSchema) });
}

/** POST /api/billing/portal: Stripe's customer portal for the floor's subscription. */
export function useOpenPortal() {
  return useMutation({ mutationFn: () => api.post('/api/billing/portal', {}, PortalResponseSchema) });
}
