import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificationListResponseSchema, NotificationPreferencesSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

/** Spec 9: the bell lists at most 50, newest first. Also the history page's page size. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Everything that lists notifications: one invalidation refreshes the bell and the history. */
  feeds: () => [...notificationKeys.all, 'feed'] as const,
  latest: () => [...notificationKeys.feeds(), 'latest'] as const,
  history: () => [...notificationKeys.feeds(), 'history'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The bell: the newest 50 and the unread count. Live pushes are written into this entry. */
export const latestNotificationsQuery = queryOptions({
  queryKey: notificationKeys.latest(),
  queryFn: ({ signal }) => api.get('/api/notifications', NotificationListResponseSchema, { signal, params: { limit: NOTIFICATION_LIST_LIMIT } }),
});

/** The history page: pages of 50 going back in time by `before` (a seq). */
export const notificationHistoryQuery = infiniteQueryOptions({
  queryKey: notificationKeys.history(),
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/notifications', NotificationListResponseSchema, { signal, params: { limit: NOTIFICATION_LIST_LIMIT, before: pageParam } }),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last) => last.nextBefore ?? undefined,
});

export const PreferencesResponseSchema = z.object({ preferences: NotificationPreferencesSchema });

export const notificationPreferencesQuery = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: async ({ signal }) => (await api.get('/api/notification-preferences', PreferencesResponseSchema, { signal })).preferences,
});
