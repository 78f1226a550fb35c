import { Link } from 'react-router';
import { Check, X } from 'lucide-react';
import { Checkbox } from '../../../components/ui/checkbox';
import { cx } from '../../../lib/cx';
import { relativeTime } from '../../../lib/relative-time';
import type { FeedItem } from '../notification-feed';

type NotificationItemProps = {
  item: FeedItem;
  now: Date;
  onMarkRead: (item: FeedItem) => void;
  onRemove: (item: FeedItem) => void;
  /** Called when the item's link is followed (the bell closes itself). */
  onOpen?: () => void;
  /** The history page's selection: a checkbox before the item when given. */
  selected?: boolean;
  onSelect?: (item: FeedItem, selected: boolean) => void;
};

const iconButton =
  'flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-foreground';

/** One notification: unread dot, title (a link to the call or lead it concerns), message, age, actions. */
export function NotificationItem({ item, now, onMarkRead, onRemove, onOpen, selected = false, onSelect }: NotificationItemProps) {
  const open = () => {
    if (!item.read) onMarkRead(item);
    onOpen?.();
  };
  return (
    <li aria-label={item.title} className={cx('group flex gap-3 px-4 py-3', !item.read && 'bg-primary-soft/40')}>
      {onSelect && (
        <Checkbox
          aria-label={`Select: ${item.title}, ${item.message}`}
          checked={selected}
          onChange={(e) => onSelect(item, e.target.checked)}
          className="mt-0.5 shrink-0"
        />
      )}
      <span
        aria-hidden
        className={cx('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-primary')}
      />
      <div className="min-w-0 flex-1">
        <p className={cx('text-sm text-foreground', !item.read && 'font-semibold')}>
          {item.href !== null ? (
            <Link to={item.href} onClick={open} className="hover:underline">{item.title}</Link>
          ) : (
            item.title
          )}
          {!item.read && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="mt-0.5 text-sm break-words text-muted">{item.message}</p>
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted">{relativeTime(item.createdAt, now)}</time>
      </div>
      <div className="flex shrink-0 items-start gap-0.5">
        {!item.read && (
          <button type="button" aria-label="Mark as read" title="Mark as read" onClick={() => onMarkRead(item)} className={iconButton}>
            <Check aria-hidden className="size-4" />
          </button>
        )}
        <button type="button" aria-label="Remove notification" title="Remove" onClick={() => onRemove(item)} className={iconButton}>
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}
