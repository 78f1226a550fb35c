import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingSchema, type Billing } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

const WAIT_POLL_MS = 2_000;

export const billingKeys = {
  all: ['billing'] as const,
  current: () => [...billingKeys.all, 'current'] as const,
};

/** The floor's plan, seats and what they include; "billing changed" over /ws makes it stale. */
export const billingQuery = queryOptions({
  queryKey: billingKeys.current(),
  queryFn: ({ signal }) => api.get('/api/billing', BillingSchema, { signal }),
});

/**
 * The billing read, polled every 2 s while `waiting` says so: /checkout waits for
 * Stripe's confirmation (its webhook) to reach the read model. The live message usually
 * brings it first; the poll covers a socket that is down.
 */
export function useBilling({ waiting }: { waiting?: (billing: Billing) => boolean } = {}) {
  return useQuery({
    ...billingQuery,
    refetchInterval: (query) => (waiting && query.state.data && waiting(query.state.data) ? WAIT_POLL_MS : false),
  });
}