import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Notification, NotificationListResponseSchema } from '@leadfloor/contracts';
import { NOTIFICATION_LIST_LIMIT } from './api/notification-queries';

export type NotificationList = z.infer<typeof NotificationListResponseSchema>;
/** The pages of notifications read so far, newest first (the bell shows the first). */
export type NotificationFeed = InfiniteData<NotificationList, number | undefined>;

/** What the bell and the history page show of a notification, server-made or the console's own. */
export type FeedItem = {
  id: string;
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
  /** Where its title links: the call it is about (its transcript and analysis), else its lead. */
  href: string | null;
  /** The console's own notices (e.g. 'Connected'), which live only in this tab. */
  local: boolean;
};

/** Spec 9: the unread badge shows the count, '99+' above 99, and nothing at zero. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/**
 * Positions are each user's notification numbers 1, 2, 3…: a position more than one past
 * the highest we know means a notification never reached us (a dropped socket, a restarted
 * gateway). With nothing known yet, only position 1 is surely complete.
 */
export function isGap(highestKnown: number | null, position: number): boolean {
  return position > (highestKnown ?? 0) + 1;
}

/** Newest first: by time, then by position (two notifications of one instant). */
export const newestFirst = (a: Notification, b: Notification): number =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.seq - a.seq;

/** The highest position the feed holds, or null when it holds none. */
export function highestSeq(feed: NotificationFeed | undefined): number | null {
  let highest: number | null = null;
  for (const page of feed?.pages ?? []) for (const n of page.notifications) highest = Math.max(highest ?? n.seq, n.seq);
  return highest;
}

/**
 * The feed with a pushed notification in its first page, at its place (newest first), counted
 * as unread once. The first page may grow past 50 (the bell shows 50): the pages after it go on
 * from its `nextBefore`, which does not change.
 */
export function withPushed(feed: NotificationFeed, notification: Notification): NotificationFeed {
  const [first, ...rest] = feed.pages;
  if (!first || feed.pages.some((p) => p.notifications.some((n) => n.id === notification.id))) return feed;
  const page: NotificationList = {
    ...first,
    notifications: [...first.notifications, notification].sort(newestFirst),
    unreadCount: first.unreadCount + (notification.read ? 0 : 1),
  };
  return { ...feed, pages: [page, ...rest] };
}

const idOf = (data: Record<string, unknown>, key: 'leadId' | 'callId' | 'teamId' | 'applicationId'): number | null => (typeof data[key] === 'number' ? data[key] : null);

export function toFeedItem(n: Notification): FeedItem {
  const leadId = idOf(n.data, 'leadId');
  const callId = idOf(n.data, 'callId');
  const teamId = idOf(n.data, 'teamId');
  // The closers hub: a new application, a decision, a withdrawal or a message lead to the application.
  const applicationId = n.category === 'closers' ? idOf(n.data, 'applicationId') : null;
  // A mention leads to the team's chat, where the message is.
  // A task given to you, or overdue, leads to that list of the team's tasks.
  const taskList = n.eventType === 'task_assigned' ? 'mine' : n.eventType === 'task_overdue' ? 'overdue' : null;
  const href = n.eventType === 'team_mention' && teamId !== null ? `/team?tab=collaboration&team=${teamId}`
    : taskList !== null && teamId !== null ? `/team?tab=tasks&team=${teamId}&list=${taskList}`
    : applicationId !== null ? `/applications/${applicationId}`
    : callId !== null ? `/calls/${callId}` : leadId !== null ? `/leads/${leadId}` : null;
  return { id: n.id, title: n.title, message: n.message, createdAt: n.createdAt, read: n.read, href, local: false };
}

/** The bell's list: the server's and the console's own notices together, newest first, 50 at most. */
export function bellItems(server: Notification[], local: FeedItem[]): FeedItem[] {
  return [...server.map(toFeedItem), ...local]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, NOTIFICATION_LIST_LIMIT);
}
