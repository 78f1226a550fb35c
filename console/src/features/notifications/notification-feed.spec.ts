import { describe, expect, it } from 'vitest';
import type { Notification } from '@leadfloor/contracts';
import { bellItems, highestSeq, isGap, newestFirst, unreadBadgeText, withPushed, type FeedItem, type NotificationFeed, type NotificationList } from './notification-feed';

const note = (seq: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `event-${seq}:7`, seq, eventType: 'lead_claimed', category: 'lead', title: 'Lead Claimed', message: `claim ${seq}`,
  data: { leadId: 40 + seq }, read: false, createdAt: new Date(Date.UTC(2026, 2, 10, 12, 0, seq)).toISOString(), ...overrides,
});
const list = (seqs: number[], unreadCount = seqs.length, nextBefore: number | null = null): NotificationList => ({
  notifications: seqs.map((s) => note(s)), unreadCount, nextBefore,
});
const feed = (...pages: NotificationList[]): NotificationFeed => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? undefined : 100 - i)) });

describe('unreadBadgeText (spec 9)', () => {
  it('shows nothing without unread notifications', () => {
    expect(unreadBadgeText(0)).toBeNull();
  });
  it('shows the count up to 99, then 99+', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(4321)).toBe('99+');
  });
});

describe('isGap', () => {
  it('sees no gap when a position follows the highest known', () => {
    expect(isGap(5, 6)).toBe(false);
  });
  it('sees a gap when positions were skipped', () => {
    expect(isGap(5, 7)).toBe(true);
  });
  it('treats a repeated or older position as no gap (a duplicate delivery)', () => {
    expect(isGap(5, 5)).toBe(false);
    expect(isGap(5, 2)).toBe(false);
  });
  it('with nothing known, trusts only the very first position', () => {
    expect(isGap(null, 1)).toBe(false);
    expect(isGap(null, 3)).toBe(true);
  });
});

describe('highestSeq', () => {
  it('reads the highest position on any page read, or null for none', () => {
    expect(highestSeq(feed(list([9, 8, 3], 3, 3), list([12, 2])))).toBe(12);
    expect(highestSeq(feed(list([])))).toBeNull();
    expect(highestSeq(undefined)).toBeNull();
  });
});

describe('newestFirst (spec 9)', () => {
  it('orders by time, newest first, whatever the positions, and by position within one instant', () => {
    const old = note(9, { createdAt: '2026-01-05T10:00:00Z' });
    const recent = note(4, { createdAt: '2026-03-01T10:00:00Z' });
    const sameInstant = note(5, { createdAt: '2026-03-01T10:00:00Z' });
    expect([old, recent, sameInstant].sort(newestFirst).map((n) => n.seq)).toEqual([5, 4, 9]);
  });
});

describe('withPushed', () => {
  it('puts a new notification first on the first page and counts it unread', () => {
    const next = withPushed(feed(list([2, 1])), note(3));
    expect(next.pages[0]!.notifications.map((n) => n.seq)).toEqual([3, 2, 1]);
    expect(next.pages[0]!.unreadCount).toBe(3);
  });
  it('ignores a notification it already holds, on any page', () => {
    const before = feed(list([3, 2], 2, 2), list([1]));
    expect(withPushed(before, note(2))).toBe(before);
    expect(withPushed(before, note(1))).toBe(before);
  });
  it('leaves the older pages and where they start alone', () => {
    const older = list([1]);
    const next = withPushed(feed(list([3, 2], 2, 2), older), note(4));
    expect(next.pages[0]!.nextBefore).toBe(2);
    expect(next.pages[1]).toBe(older);
  });
});

describe('bellItems', () => {
  it('merges the console’s own notices with the server’s, newest first, and links lead notifications', () => {
    const local: FeedItem = { id: 'local-1', title: 'Connected', message: 'Real-time notifications are now active', createdAt: '2026-03-10T12:00:02.500Z', read: false, href: null, local: true };
    const items = bellItems([note(1), note(3)], [local]);
    expect(items.map((i) => i.title)).toEqual(['Lead Claimed', 'Connected', 'Lead Claimed']);
    expect(items.map((i) => i.href)).toEqual(['/leads/43', null, '/leads/41']);
  });
  it("links a call's notifications to the call (its transcript and analysis), not only to its lead", () => {
    const completed = note(4, { eventType: 'call_completed', category: 'call', title: 'Call Completed', data: { leadId: 12, callId: 9, duration: 180 } });
    expect(bellItems([completed], [])[0]!.href).toBe('/calls/9');
  });
  it("links a mention to the team's chat", () => {
    const mention = note(5, { eventType: 'team_mention', category: 'team', title: 'You Were Mentioned', data: { teamId: 2, messageId: 14, user: { id: 3, fullName: 'Taylor Brooks' } } });
    expect(bellItems([mention], [])[0]!.href).toBe('/team?tab=collaboration&team=2');
  });
  it("links a task given to you to your list of the team's tasks, and an overdue one to its overdue list", () => {
    const assigned = note(6, { eventType: 'task_assigned', category: 'team', title: 'New Task', data: { teamId: 2, taskId: 8, user: { id: 3, fullName: 'Taylor Brooks' } } });
    const overdue = note(7, { eventType: 'task_overdue', category: 'team', title: 'Task Overdue', data: { teamId: 2, taskId: 8, dueAt: '2026-03-10T10:00:00.000Z' } });
    expect(bellItems([assigned, overdue], []).map((i) => i.href)).toEqual(['/team?tab=tasks&team=2&list=overdue', '/team?tab=tasks&team=2&list=mine']);
  });
  it('links a new application, a decision and a message of the closers hub to the application', () => {
    const applied = note(8, { eventType: 'job_application_received', category: 'closers', title: 'New Application', data: { applicationId: 21, jobId: 4, user: { id: 3, fullName: 'Alex Carter' } } });
    const decided = note(9, { eventType: 'application_status_changed', category: 'closers', title: 'Application Update', data: { applicationId: 21, jobId: 4, status: 'accepted', statusReason: null } });
    const message = note(10, { eventType: 'application_message', category: 'closers', title: 'New Application Message', data: { applicationId: 22, jobId: 4, messageId: 70 } });
    expect(bellItems([applied, decided, message], []).map((i) => i.href)).toEqual(['/applications/22', '/applications/21', '/applications/21']);
  });
  it('shows at most 50', () => {
    expect(bellItems(Array.from({ length: 60 }, (_, i) => note(i + 1)), [])).toHaveLength(50);
  });
});
