import { lazy, Suspense } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { Popover } from '../../components/ui/popover';
import { notificationFeedQuery } from '../../features/notifications/api/notification-queries';
import { useLocalNotices } from '../../features/notifications/local-notices';
import { unreadBadgeText } from '../../features/notifications/notification-feed';

const loadPanel = () => import('./notification-bell-panel');
const BellPanel = lazy(() => loadPanel().then((m) => ({ default: m.BellPanel })));

/**
 * The bell's feed: the first page of the notification feed (the newest, shared with the history
 * page), the console's own notices, and how many are unread.
 */
export function useBellFeed() {
  const query = useInfiniteQuery(notificationFeedQuery);
  const local = useLocalNotices();
  const latest = query.data?.pages[0];
  const unread = (latest?.unreadCount ?? 0) + local.filter((n) => !n.read).length;
  return { query, latest: latest?.notifications ?? [], local, unread };
}

/** Spec 2.4's live notifications bell: an unread badge (99+ above 99) on a dropdown panel. */
export function NotificationBell() {
  const { unread } = useBellFeed();
  const badge = unreadBadgeText(unread);
  return (
    <Popover
      trigger={
        <>
          <Bell aria-hidden className="size-5" />
          {/* One red in both themes: white 10 px text on it keeps a 4.8:1 contrast. */}
          {badge && (
            <span aria-hidden className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white">
              {badge}
            </span>
          )}
        </>
      }
      triggerLabel={badge ? `Notifications, ${badge} unread` : 'Notifications'}
      triggerClassName="relative flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-foreground"
      panelLabel="Notifications"
      panelClassName="flex flex-col p-0 sm:w-[24rem]"
      onPrefetch={() => void loadPanel()}
    >
      {({ close }) => (
        <Suspense fallback={<div className="flex justify-center p-6"><Spinner label="Loading notifications" /></div>}>
          <BellPanel close={close} />
        </Suspense>
      )}
    </Popover>
  );
}
