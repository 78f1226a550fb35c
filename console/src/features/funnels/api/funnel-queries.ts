import { queryOptions } from '@tanstack/react-query';
import { CustomFieldListResponseSchema, FunnelDetailSchema, FunnelListSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const funnelKeys = {
  all: ['funnels'] as const,
  lists: () => [...funnelKeys.all, 'list'] as const,
  detail: (id: number) => [...funnelKeys.all, 'detail', id] as const,
  customFields: () => [...funnelKeys.all, 'custom-fields'] as const,
};

/** The funnels I may build (a manager: the floor's), newest first; a floor keeps a handful, so one page of 100. */
export const funnelListQuery = () => queryOptions({
  queryKey: funnelKeys.lists(),
  queryFn: ({ signal }) => api.get('/api/funnels', FunnelListSchema, { signal, params: { limit: 100 } }),
});

export const funnelDetailQuery = (id: number) => queryOptions({
  queryKey: funnelKeys.detail(id),
  queryFn: ({ signal }) => api.get(`/api/funnels/${id}`, FunnelDetailSchema, { signal }),
});

/** The floor's active custom fields: what a form field may fill besides the lead's own fields. */
export const funnelCustomFieldsQuery = () => queryOptions({
  queryKey: funnelKeys.customFields(),
  queryFn: ({ signal }) => api.get('/api/custom-fields', CustomFieldListResponseSchema, { signal, params: { active: 'true' } }),
  staleTime: 60_000,
});
