import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  InboxResponseSchema, IntegrationsResponseSchema, LeadSourcesResponseSchema, SyncLogResponseSchema, WebhookDeliveriesResponseSchema,
  WebhooksResponseSchema,
} from '@leadfloor/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Logs are evidence that keeps arriving (deliveries, retries): an open log refreshes itself. */
const LOG_REFRESH_MS = 5_000;

export const integrationKeys = {
  all: ['integrations'] as const,
  sources: () => [...integrationKeys.all, 'sources'] as const,
  inbox: (sourceId: number) => [...integrationKeys.all, 'inbox', sourceId] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: number) => [...integrationKeys.all, 'deliveries', webhookId] as const,
  crm: () => [...integrationKeys.all, 'crm'] as const,
  syncLog: (provider: string) => [...integrationKeys.all, 'sync-log', provider] as const,
};

/** A keyset-paged list of /api/…?limit&cursor. */
const paged = <S extends z.ZodType<{ nextCursor: string | null }>>(key: readonly unknown[], path: string, schema: S, refetchInterval?: number) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api.get(`${path}?limit=25${pageParam ? `&cursor=${pageParam}` : ''}`, schema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: z.output<S>) => last.nextCursor,
    ...(refetchInterval ? { refetchInterval } : {}),
  });

export const leadSourcesQuery = () => paged(integrationKeys.sources(), '/api/lead-sources', LeadSourcesResponseSchema);
export const inboxQuery = (sourceId: number) => paged(integrationKeys.inbox(sourceId), `/api/lead-sources/${sourceId}/inbox`, InboxResponseSchema, LOG_REFRESH_MS);
export const webhooksQuery = () => paged(integrationKeys.webhooks(), '/api/webhooks', WebhooksResponseSchema);
export const deliveriesQuery = (webhookId: number) =>
  paged(integrationKeys.deliveries(webhookId), `/api/webhooks/${webhookId}/deliveries`, WebhookDeliveriesResponseSchema, LOG_REFRESH_MS);
export const syncLogQuery = (provider: string) => paged(integrationKeys.syncLog(provider), `/api/integrations/${provider}/sync-log`, SyncLogResponseSchema, LOG_REFRESH_MS);
export const crmQuery = queryOptions({
  queryKey: integrationKeys.crm(),
  queryFn: ({ signal }) => api.get('/api/integrations', IntegrationsResponseSchema, { signal }),
});
