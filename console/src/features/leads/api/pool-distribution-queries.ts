import { queryOptions } from '@tanstack/react-query';
import { AvailabilityViewSchema, MyOffersResponseSchema, PoolReportSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const poolDistributionKeys = {
  all: ['pool-distribution'] as const,
  availability: () => [...poolDistributionKeys.all, 'availability'] as const,
  myOffers: () => [...poolDistributionKeys.all, 'offers', 'mine'] as const,
  reports: () => [...poolDistributionKeys.all, 'report'] as const,
  report: (params: PoolReportParams) => [...poolDistributionKeys.reports(), params] as const,
};

export type PoolReportParams = { days: number; teamId?: number };

/** Whether the signed-in agent takes offered leads: their choice, and whether a console of theirs is connected. */
export const availabilityQuery = queryOptions({
  queryKey: poolDistributionKeys.availability(),
  queryFn: ({ signal }) => api.get('/api/me/availability', AvailabilityViewSchema, { signal }),
});

/** The leads offered to the signed-in agent and waiting for their answer, soonest end first. */
export const myOffersQuery = queryOptions({
  queryKey: poolDistributionKeys.myOffers(),
  queryFn: ({ signal }) => api.get('/api/pool/offers/mine', MyOffersResponseSchema, { signal }),
});

export const poolReportQuery = (params: PoolReportParams) => queryOptions({
  queryKey: poolDistributionKeys.report(params),
  queryFn: ({ signal }) => api.get('/api/pool/report', PoolReportSchema, { signal, params }),
  retry: false,
});
