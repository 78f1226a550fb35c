import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { NotificationPreferences } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { toast } from '../../../components/ui/toast-store';
import { markLocalNoticeRead, removeLocalNotice } from '../local-notices';
import type { FeedItem } from '../notification-feed';
import { notificationKeys, PreferencesResponseSchema } from './notification-queries';

type Action = { kind: 'read' | 'remove'; item: FeedItem } | { kind: 'read-all' | 'clear-all' } | { kind: 'read-selected'; ids: string[] };

async function send(action: Action): Promise<void> {
  switch (action.kind) {
    case 'read':
      if (action.item.local) return markLocalNoticeRead(action.item.id);
      await api.post(`/api/notifications/${encodeURIComponent(action.item.id)}/read`, {}, z.unknown());
      return;
    case 'remove':
      if (action.item.local) return removeLocalNotice(action.item.id);
      await api.delete(`/api/notifications/${encodeURIComponent(action.item.id)}`, z.unknown());
      return;
    case 'read-all':
      markLocalNoticeRead();
      await api.post('/api/notifications/read-all', {}, z.unknown());
      return;
    case 'clear-all':
      removeLocalNotice();
      await api.delete('/api/notifications', z.unknown());
      return;
    case 'read-selected':
      await api.post('/api/notifications/read', { ids: action.ids }, z.unknown());
  }
}

/**
 * Spec 4: mark one or all read, remove one, clear all; the history page also marks a selection
 * read. Each success refreshes the feed the bell and the history page share, and filtered histories.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.feed() }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.histories() }),
    ]),
    onError: () => toast({ title: 'Error', description: 'Failed to update your notifications. Please try again.', variant: 'destructive' }),
  });
  return {
    markRead: (item: FeedItem) => mutation.mutate({ kind: 'read', item }),
    remove: (item: FeedItem) => mutation.mutate({ kind: 'remove', item }),
    markAllRead: () => mutation.mutate({ kind: 'read-all' }),
    clearAll: () => mutation.mutate({ kind: 'clear-all' }),
    /** The history page's selection, in one call (all or nothing). */
    markSelectedRead: (ids: string[], onDone?: () => void) => mutation.mutate({ kind: 'read-selected', ids }, { onSuccess: onDone }),
    pending: mutation.isPending,
  };
}

/** PUT /api/notification-preferences with only the switch that changed; the answer is the whole set. */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NotificationPreferences>) => api.put('/api/notification-preferences', patch, PreferencesResponseSchema),
    onSuccess: ({ preferences }) => queryClient.setQueryData(notificationKeys.preferences(), preferences),
    onError: () => toast({ title: 'Error', description: 'Failed to save your notification preferences. Please try again.', variant: 'destructive' }),
  });
}
