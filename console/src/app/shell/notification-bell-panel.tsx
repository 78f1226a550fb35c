import { Link } from 'react-router';
import { BellOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { PanelError, PanelLoading } from '../../components/panel-state';
import { cx } from '../../lib/cx';
import { useLiveStatus } from '../../lib/live-status';
import { useNow } from '../../lib/use-now';
import { useNotificationActions } from '../../features/notifications/api/notification-mutations';
import { NotificationItem } from '../../features/notifications/components/notification-item';
import { bellItems } from '../../features/notifications/notification-feed';
import { useBellFeed } from './notification-bell';

/**
 * The open bell (spec 2.4): the list (400 px at most), its actions, and the connection footer.
 * Its own chunk: every signed-in page shows the bell, few open it before they have used the page.
 */
export function BellPanel({ close }: { close: () => void }) {
  const { query, latest, local, unread } = useBellFeed();
  const items = bellItems(latest, local);
  const actions = useNotificationActions();
  const status = useLiveStatus();
  const now = useNow();
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-foreground">Notifications</h2>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={actions.markAllRead}>Mark all read</Button>
          <Button variant="ghost" size="sm" disabled={items.length === 0} onClick={actions.clearAll}>Clear all</Button>
        </div>
      </div>
      <div className="max-h-[400px] overflow-y-auto overscroll-contain">
        {query.isPending && items.length === 0 ? (
          <div className="p-4"><PanelLoading label="Loading notifications" rows={3} /></div>
        ) : query.error && items.length === 0 ? (
          <div className="p-4"><PanelError error={query.error} what="Notifications" onRetry={() => query.refetch()} /></div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <BellOff aria-hidden className="size-8 text-muted" />
            <p className="mt-3 text-sm font-medium text-foreground">No notifications yet</p>
            <p className="mt-1 text-xs text-muted">Claims, status changes, sales and calls that concern you will appear here.</p>
          </div>
        ) : (
          <ul aria-label="Latest notifications" className="divide-y divide-border">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} now={now} onMarkRead={actions.markRead} onRemove={actions.remove} onOpen={close} />
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-border px-4 py-3">
        <Link to="/notifications" onClick={close} className="text-sm font-medium text-primary-soft-foreground hover:underline">
          View all notifications
        </Link>
        <p role="status" className="flex items-center gap-2 text-xs text-muted">
          <span aria-hidden className={cx('size-2 rounded-full', status === 'connected' ? 'bg-success' : 'bg-muted/60', status === 'connecting' && 'animate-pulse')} />
          {status === 'connected' ? 'Connected to real-time updates' : 'Disconnected from real-time updates'}
        </p>
      </div>
    </>
  );
}
