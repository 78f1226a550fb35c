import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificationListResponseSchema, NotificationPreferencesSchema, type Notification } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

/** Spec 9: the bell lists at most 50, newest first. Also the history page's page size. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The one list of notifications: the bell shows its first page, the history page all it has read. */
  feed: () => [...notificationKeys.all, 'feed'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  /** /notifications with a filter on: lists of their own, beside the one feed. */
  histories: () => [...notificationKeys.all, 'history'] as const,
  history: (filter: HistoryFilter) => [...notificationKeys.histories(), filter] as const,
};

/** /notifications' filters (server-side): one category, read or unread ones. */
export type HistoryFilter = { category?: Notification['category']; state?: 'read' | 'unread' };
export const isFiltered = (f: HistoryFilter) => f.category !== undefined || f.state !== undefined;

/**
 * A filtered history, newest first, 50 a page, paged back by `before` within the filter. With no
 * filter the page reads the shared feed instead (notificationFeedQuery).
 */
export const notificationHistoryQuery = (filter: HistoryFilter) => infiniteQueryOptions({
  queryKey: notificationKeys.history(filter),
  queryFn: ({ signal, pageParam }) => api.get('/api/notifications', NotificationListResponseSchema, {
    signal, params: { limit: NOTIFICATION_LIST_LIMIT, before: pageParam, category: filter.category, state: filter.state },
  }),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last) => last.nextBefore ?? undefined,
});

/**
 * The user's notifications, newest first, in pages of 50 going back in time by `before`. The
 * bell and /notifications share it, so opening the history page reads no list the bell has
 * (and live pushes are written into its first page, for both).
 */
export const notificationFeedQuery = infiniteQueryOptions({
  queryKey: notificationKeys.feed(),
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
