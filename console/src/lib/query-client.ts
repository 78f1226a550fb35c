import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 7's query defaults: no retry, no refetch on window focus, stale after 60 s, cache kept
 * 15 min. The current-user query overrides these (lib/current-user.ts); live updates will
 * invalidate by key once the real-time connection lands.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000, gcTime: 900_000 },
      mutations: { retry: false },
    },
  });
}
