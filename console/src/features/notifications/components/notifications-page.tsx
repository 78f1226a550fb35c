import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BellOff, CheckCheck } from 'lucide-react';
import { NotificationSchema } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { cx } from '../../../lib/cx';
import { useNow } from '../../../lib/use-now';
import { useNotificationActions } from '../api/notification-mutations';
import { isFiltered, notificationFeedQuery, notificationHistoryQuery, type HistoryFilter } from '../api/notification-queries';
import { toFeedItem, type FeedItem } from '../notification-feed';
import { NotificationItem } from './notification-item';

const CATEGORIES = NotificationSchema.shape.category.options;
const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = { lead: 'Leads', sale: 'Sales', call: 'Calls', team: 'Team', closers: 'Closers Hub' };
const STATES = [{ value: undefined, label: 'All' }, { value: 'unread', label: 'Unread' }, { value: 'read', label: 'Read' }] as const;

/** The filter in the address (?category=lead&state=unread), so a filtered view can be reloaded or shared. */
function useHistoryFilter(): [HistoryFilter, (next: HistoryFilter) => void] {
  const [params, setParams] = useSearchParams();
  const category = CATEGORIES.find((c) => c === params.get('category'));
  const state = params.get('state') === 'read' || params.get('state') === 'unread' ? (params.get('state') as 'read' | 'unread') : undefined;
  const set = (next: HistoryFilter) => setParams((p) => {
    const out = new URLSearchParams(p);
    for (const key of ['category', 'state'] as const) {
      if (next[key]) out.set(key, next[key]);
      else out.delete(key);
    }
    return out;
  }, { replace: true });
  return [{ category, state }, set];
}

/**
 * /notifications (spec 2.1): the user's whole notification history, without the bell's cap of
 * 50: 50 at a time, newest first, filtered on the server by category and read state. Chosen
 * notifications are marked read together. Unfiltered, it reads the feed the bell shares.
 */
export function NotificationsPage() {
  const [filter, setFilter] = useHistoryFilter();
  const filtered = isFiltered(filter);
  const feed = useInfiniteQuery({ ...notificationFeedQuery, enabled: !filtered });
  const matching = useInfiniteQuery({ ...notificationHistoryQuery(filter), enabled: filtered });
  const history = filtered ? matching : feed;
  const actions = useNotificationActions();
  const now = useNow();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const items = (history.data?.pages ?? []).flatMap((p) => p.notifications).map(toFeedItem);
  const unread = history.data?.pages[0]?.unreadCount ?? 0;
  const chosen = items.filter((i) => selected.has(i.id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  const choose = (item: FeedItem, on: boolean) => setSelected((s) => {
    const next = new Set(s);
    if (on) next.add(item.id);
    else next.delete(item.id);
    return next;
  });
  const changeFilter = (next: HistoryFilter) => {
    setSelected(new Set());
    setFilter(next);
  };

  return (
    <>
      <PageHeader
        heading="Notifications"
        subheading={history.data ? `${unread} unread` : 'Every notification you have received'}
        actions={
          <>
            <Button variant="secondary" disabled={unread === 0} onClick={actions.markAllRead}>Mark all read</Button>
            <Button variant="secondary" disabled={items.length === 0 || filtered} onClick={actions.clearAll}>Clear all</Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor="notification-category">Category</label>
            <Select
              id="notification-category"
              value={filter.category ?? ''}
              onChange={(e) => changeFilter({ ...filter, category: CATEGORIES.find((c) => c === e.target.value) })}
              className="h-9 w-40"
            >
              <option value="">All categories</option>
              {CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
            </Select>
            <div role="group" aria-label="Read state" className="inline-flex rounded-lg border border-border p-0.5">
              {STATES.map((s) => (
                <button
                  key={s.label}
                  type="button"
                  aria-pressed={filter.state === s.value}
                  onClick={() => changeFilter({ ...filter, state: s.value })}
                  className={cx('h-8 rounded-md px-3 text-sm font-medium', filter.state === s.value ? 'bg-primary-soft text-primary-soft-foreground' : 'text-muted hover:text-foreground')}
                >
                  {s.label}
                </button>
              ))}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-muted">
              <Checkbox
                checked={allChosen}
                disabled={items.length === 0}
                onChange={(e) => setSelected(new Set(e.target.checked ? items.map((i) => i.id) : []))}
              />
              Select all shown
            </label>
            <Button
              size="sm"
              variant="secondary"
              disabled={chosen.length === 0 || actions.pending}
              onClick={() => actions.markSelectedRead(chosen.map((i) => i.id), () => setSelected(new Set()))}
            >
              <CheckCheck aria-hidden /> Mark selected read{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
          </div>
        </div>
        {history.isPending ? (
          <div className="p-5"><PanelLoading label="Loading notifications" rows={5} /></div>
        ) : history.error ? (
          <div className="p-5"><PanelError error={history.error} what="Notifications" onRetry={() => history.refetch()} /></div>
        ) : items.length === 0 ? (
          filtered ? (
            <div className="flex flex-col items-center pb-6">
              <PanelEmpty icon={<BellOff aria-hidden className="size-5" />}>No notifications match these filters.</PanelEmpty>
              <Button variant="secondary" size="sm" onClick={() => changeFilter({})}>Show all notifications</Button>
            </div>
          ) : (
            <PanelEmpty icon={<BellOff aria-hidden className="size-5" />}>
              You have no notifications. Claims, status changes, sales and calls that concern you will appear here.
            </PanelEmpty>
          )
        ) : (
          <>
            <ul aria-label="Notification history" className="divide-y divide-border">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  now={now}
                  onMarkRead={actions.markRead}
                  onRemove={actions.remove}
                  selected={selected.has(item.id)}
                  onSelect={choose}
                />
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
