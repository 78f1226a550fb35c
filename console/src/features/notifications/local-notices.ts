import { useSyncExternalStore } from 'react';
import type { FeedItem } from './notification-feed';

let notices: FeedItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const set = (next: FeedItem[]) => {
  notices = next;
  listeners.forEach((l) => l());
};

/**
 * The console's own notices in the bell, such as spec 4's 'Connected'. They are not the
 * user's notification history, so they stay in this tab and never reach the server. A notice
 * replaces an older one with the same title: reconnecting ten times leaves one 'Connected'.
 */
export function addLocalNotice(title: string, message: string, now = new Date()): void {
  const notice: FeedItem = { id: `local-${++counter}`, title, message, createdAt: now.toISOString(), read: false, href: null, local: true };
  set([notice, ...notices.filter((n) => n.title !== title)]);
}

export const markLocalNoticeRead = (id?: string) =>
  set(notices.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)));
export const removeLocalNotice = (id?: string) => set(id === undefined ? [] : notices.filter((n) => n.id !== id));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getNotices = () => notices;

export function useLocalNotices(): FeedItem[] {
  return useSyncExternalStore(subscribe, getNotices);
}
