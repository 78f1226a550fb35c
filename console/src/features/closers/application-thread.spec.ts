import { describe, expect, it } from 'vitest';
import type { ApplicationMessage } from '@leadfloor/contracts';
import { newestId, oldestId, threadFromPage, withMessage, withNewer, withOlder } from './application-thread';

const message = (id: number): ApplicationMessage => ({
  id, applicationId: 3, senderId: 1, senderName: 'Alex', senderAvatarUrl: null, content: `m${id}`, createdAt: '2026-03-10T12:00:00Z',
});
const ids = (feed: { messages: ApplicationMessage[] }) => feed.messages.map((m) => m.id);

describe('an application thread', () => {
  it('holds the first page oldest first', () => {
    const feed = threadFromPage({ messages: [message(9), message(4)], hasMore: true });
    expect(ids(feed)).toEqual([4, 9]);
    expect([oldestId(feed), newestId(feed)]).toEqual([4, 9]);
  });
  it('adds a pushed message once, in its place, even when the sender already has it from the answer', () => {
    const feed = threadFromPage({ messages: [message(4), message(9)], hasMore: false });
    const once = withMessage(feed, message(12));
    expect(ids(once)).toEqual([4, 9, 12]);
    expect(withMessage(once, message(12))).toBe(once);
    expect(ids(withMessage(once, message(7)))).toEqual([4, 7, 9, 12]);
  });
  it('merges a catch-up and an older page without duplicates, keeping whether older ones remain', () => {
    const feed = threadFromPage({ messages: [message(10), message(11)], hasMore: true });
    const caughtUp = withNewer(feed, { messages: [message(11), message(15)], hasMore: false });
    expect(ids(caughtUp)).toEqual([10, 11, 15]);
    expect(caughtUp.hasOlder).toBe(true);
    const older = withOlder(caughtUp, { messages: [message(2), message(5)], hasMore: false });
    expect(ids(older)).toEqual([2, 5, 10, 11, 15]);
    expect(older.hasOlder).toBe(false);
  });
  it('reads after 0 when the thread is empty', () => {
    expect(newestId(threadFromPage({ messages: [], hasMore: false }))).toBe(0);
    expect(oldestId(threadFromPage({ messages: [], hasMore: false }))).toBeNull();
  });
});
