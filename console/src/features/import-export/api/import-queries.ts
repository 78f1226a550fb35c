import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ImportKeptResponseSchema, ImportListResponseSchema, ImportMappingListResponseSchema, ImportResponseSchema, type Import,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const importKeys = {
  all: ['imports'] as const,
  history: () => [...importKeys.all, 'history'] as const,
  detail: (id: number) => [...importKeys.all, 'detail', id] as const,
  kept: (id: number) => [...importKeys.all, 'kept', id] as const,
  mappings: () => [...importKeys.all, 'mappings'] as const,
};
/** The floor's custom fields are read by the lead pool too: one query, in lib. */
export { customFieldKeys, customFieldsQuery } from '../../../lib/custom-fields';

/** A job that has not finished (dry run, run, undo) is polled too, in case a /ws message was missed (the socket resyncs on reconnect). */
const RUNNING_POLL_MS = 3_000;
const busy = (imp: Import | undefined) => imp !== undefined && (imp.status === 'running' || imp.status === 'undoing' || imp.dryRun?.status === 'running');

export const importQuery = (id: number) => queryOptions({
  queryKey: importKeys.detail(id),
  queryFn: ({ signal }) => api.get(`/api/imports/${id}`, ImportResponseSchema, { signal }).then((r) => r.import),
  refetchInterval: (q) => (busy(q.state.data as Import | undefined) ? RUNNING_POLL_MS : false),
});

/** The leads an undo kept, with why, a page at a time. */
export const keptQuery = (id: number) => infiniteQueryOptions({
  queryKey: importKeys.kept(id),
  queryFn: ({ pageParam, signal }) => api.get(`/api/imports/${id}/kept`, ImportKeptResponseSchema, { signal, params: { limit: 100, cursor: pageParam } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const importHistoryQuery = () => infiniteQueryOptions({
  queryKey: importKeys.history(),
  queryFn: ({ pageParam, signal }) => api.get('/api/imports', ImportListResponseSchema, { signal, params: { limit: 10, cursor: pageParam } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const mappingsQuery = queryOptions({
  queryKey: importKeys.mappings(),
  queryFn: ({ signal }) => api.get('/api/import-mappings', ImportMappingListResponseSchema, { signal }).then((r) => r.mappings),
});
