import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getToasts, toast, type ToastInput } from '../components/ui/toast-store';
import { sessionKeys } from '../lib/current-user';
import { createLiveSocket, liveSocketUrl } from '../lib/live-socket';
import { notificationKeys, notificationPreferencesQuery } from '../features/notifications/api/notification-queries';
import { drawAttention } from '../features/notifications/attention';
import { addLocalNotice } from '../features/notifications/local-notices';
import { createLiveUpdates, toastFor } from './live-updates';

// Spec 9: the 'Connected' notice appears 1 s after the socket opens.
const CONNECTED_NOTICE_DELAY_MS = 1_000;
// A browser reports any refused upgrade (401 included) as 1006: worth asking whether we are
// still signed in. If not, the routes take the user to /auth.
const REFUSED_OR_LOST = 1006;

let liveToastId: string | null = null;
/**
 * Only one toast shows at a time (spec 9), and a notification about someone else's work must
 * not wipe out the answer to the user's own action ('Lead already claimed', 'Lead Updated').
 * So a live toast replaces only an earlier live toast; otherwise the notification waits in
 * the bell, counted in its badge.
 */
function showLiveToast(input: ToastInput): void {
  const onScreen = getToasts().find((t) => t.open);
  if (onScreen && onScreen.id !== liveToastId) return;
  liveToastId = toast(input).id;
}

/**
 * Refetches the notification feed without cancelling a read already running: the socket opens
 * once the first screen has settled, when the user may already be paging back through the
 * history. That read finishes first; then the feed is refetched whole, pages included.
 */
async function refreshFeed(queryClient: QueryClient): Promise<void> {
  const feed = { queryKey: notificationKeys.feed() };
  if (queryClient.isFetching(feed) > 0) await queryClient.invalidateQueries(feed, { cancelRefetch: false });
  await queryClient.invalidateQueries(feed);
}

/**
 * The signed-in user's real-time connection (spec 4): opened after sign-in, closed when the
 * user goes. Rendered once beside the routes, so moving between pages keeps the socket.
 */
export function LiveConnection() {
  const queryClient = useQueryClient();
  // Sound and desktop delivery follow the user's preferences; keep them at hand.
  useQuery(notificationPreferencesQuery);

  useEffect(() => {
    const updates = createLiveUpdates(queryClient);
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    const socket = createLiveSocket({
      url: liveSocketUrl(window.location),
      onMessage: (message) => {
        updates.handle(message);
        const input = toastFor(message);
        if (!input) return;
        showLiveToast(input);
        drawAttention(input.title, input.description ?? '', queryClient.getQueryData(notificationKeys.preferences()));
      },
      onOpen: () => {
        // Anything that happened between the screen's first reads (or the last socket) and
        // this open was never pushed: a lead added while the pool loaded, a claim while away.
        void refreshFeed(queryClient);
        updates.resync();
        clearTimeout(noticeTimer);
        noticeTimer = setTimeout(() => addLocalNotice('Connected', 'Real-time notifications are now active'), CONNECTED_NOTICE_DELAY_MS);
      },
      onClose: ({ code }) => {
        clearTimeout(noticeTimer);
        if (code === REFUSED_OR_LOST) void queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() });
      },
      onSignedOut: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() }),
      onGiveUp: () =>
        toast({ title: 'Connection Lost', description: 'Could not reconnect to the server. Please refresh the page.', variant: 'destructive' }),
    });
    return () => {
      clearTimeout(noticeTimer);
      updates.dispose();
      socket.close();
    };
  }, [queryClient]);

  return null;
}
