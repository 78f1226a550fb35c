import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { FunnelReportSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { analyticsKeys } from './analytics-keys';

export type FunnelReportParams = { from?: string; funnelId?: number };

/** The marketing funnels' figures per funnel, step and variant (under the analytics keys, so they refresh live with the page). */
export const funnelReportQuery = (params: FunnelReportParams) => queryOptions({
  queryKey: [...analyticsKeys.all, 'funnel-report', params] as const,
  queryFn: ({ signal }) => api.get('/api/funnel-analytics', FunnelReportSchema, { signal, params }),
  placeholderData: keepPreviousData,
});
