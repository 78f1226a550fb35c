import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useNow } from '../../../lib/use-now';
import { useNotificationActions } from '../api/notification-mutations';
import { notificationFeedQuery } from '../api/notification-queries';
import { toFeedItem } from '../notification-feed';
import { NotificationItem } from './notification-item';

/** /notifications (spec 2.1): the user's whole notification history, 50 at a time, newest first. */
export function NotificationsPage() {
  const history = useInfiniteQuery(notificationFeedQuery);
  const actions = useNotificationActions();
  const now = useNow();
  const items = (history.data?.pages ?? []).flatMap((p) => p.notifications).map(toFeedItem);
  const unread = history.data?.pages[0]?.unreadCount ?? 0;
  return (
    <>
      <PageHeader
        heading="Notifications"
        subheading={history.data ? `${unread} unread` : 'Every notification you have received'}
        actions={
          <>
            <Button variant="secondary" disabled={unread === 0} onClick={actions.markAllRead}>Mark all read</Button>
            <Button variant="secondary" disabled={items.length === 0} onClick={actions.clearAll}>Clear all</Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        {history.isPending ? (
          <div className="p-5"><PanelLoading label="Loading notifications" rows={5} /></div>
        ) : history.error ? (
          <div className="p-5"><PanelError error={history.error} what="Notifications" onRetry={() => history.refetch()} /></div>
        ) : items.length === 0 ? (
          <PanelEmpty icon={<BellOff aria-hidden className="size-5" />}>
            You have no notifications. Claims, status changes, sales and calls that concern you will appear here.
          </PanelEmpty>
        ) : (
          <>
            <ul aria-label="Notification history" className="divide-y divide-border">
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} now={now} onMarkRead={actions.markRead} onRemove={actions.remove} />
              ))}
            </ul>
            {history.hasNextPage && (
              <div className="flex justify-center border-t border-border p-3">
                <Button variant="ghost" disabled={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
                  {history.isFetchingNextPage ? 'Loading...' : 'Load older notifications'}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
    </>
  );
}
