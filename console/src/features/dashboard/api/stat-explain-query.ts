import { infiniteQueryOptions } from '@tanstack/react-query';
import { StatsExplainSchema, type DashboardMetric } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { dashboardKeys } from './dashboard-queries';

// Apart from the dashboard's other reads: only the lazy Explain dialog uses it, so its schema
// (the analytics contracts) stays out of the dashboard's initial JavaScript.
export const STAT_EXPLAIN_PAGE_SIZE = 25;
/** The rows behind one stat card's figure, keyset page after page. */
export const statExplainQuery = (metric: DashboardMetric) => infiniteQueryOptions({
  queryKey: [...dashboardKeys.stats(), 'explain', metric] as const,
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/dashboard/stats/explain', StatsExplainSchema, { signal, params: { metric, limit: STAT_EXPLAIN_PAGE_SIZE, cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});
