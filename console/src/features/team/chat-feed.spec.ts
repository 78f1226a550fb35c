import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TeamMessage, TeamMessagesResponse } from '@leadfloor/contracts';
import {
  applyLive, feedFromPage, mergeCatchUp, mergeOlder, needsCatchUp, oldestPostedSeq, withAnswer, type ChatFeed, type LiveChange,
} from './chat-feed';

const TEAM = 7;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute)).toISOString();

/** A message posted under `postedSeq`, as its change `seq` left it. */
const msg = (id: number, postedSeq: number, seq = postedSeq, over: Partial<TeamMessage> = {}): TeamMessage => ({
  id, teamId: TEAM, postedSeq, seq, authorId: 3, authorName: 'Alex Carter', authorAvatarUrl: null,
  content: `message ${id}${seq === postedSeq ? '' : ` (change ${seq})`}`, mentions: [], createdAt: at(postedSeq),
  editedAt: null, deletedAt: null, ...over,
});
const edited = (id: number, postedSeq: number, seq: number) => msg(id, postedSeq, seq, { editedAt: at(seq) });
const deleted = (id: number, postedSeq: number, seq: number) => msg(id, postedSeq, seq, { content: '', deletedAt: at(seq) });
const page = (messages: TeamMessage[], headSeq: number, hasMore = false): TeamMessagesResponse => ({ messages, headSeq, hasMore });
const change = (message: TeamMessage, seq = message.seq): LiveChange => ({ seq, message });

const ids = (feed: ChatFeed) => feed.messages.map((m) => m.id);
/** Given a feed read when the chat's head was `headSeq`, holding these messages. */
const given = (messages: TeamMessage[], headSeq: number, hasOlder = false) => feedFromPage(TEAM, page(messages, headSeq, hasOlder));
const live = (feed: ChatFeed, ...changes: LiveChange[]) => changes.reduce((f, c) => applyLive(f, c).feed, feed);

describe('the chat feed: the first read', () => {
  it('holds the newest page oldest first, every change up to the head, and whether older messages remain', () => {
    const feed = given([msg(1, 1), msg(2, 2), edited(3, 3, 5)], 5, true);
    expect(ids(feed)).toEqual([1, 2, 3]);
    expect(feed.lastSeq).toBe(5);
    expect(feed.hasOlder).toBe(true);
    expect(oldestPostedSeq(feed)).toBe(1);
    expect(needsCatchUp(feed)).toBe(false);
  });
  it('starts an empty chat at its head, with nothing older', () => {
    const feed = given([], 0);
    expect(feed).toEqual({ teamId: TEAM, messages: [], lastSeq: 0, hasOlder: false, ahead: [] });
    expect(oldestPostedSeq(feed)).toBeNull();
  });
});

describe('the chat feed: a live change', () => {
  it('inserts the next post at the bottom and moves on to its number', () => {
    const { feed, outcome } = applyLive(given([msg(1, 1), msg(2, 2)], 2), change(msg(3, 3)));
    expect(outcome).toBe('applied');
    expect(ids(feed)).toEqual([1, 2, 3]);
    expect(feed.lastSeq).toBe(3);
  });
  it('replaces an edited message at its place, by id', () => {
    const { feed, outcome } = applyLive(given([msg(1, 1), msg(2, 2)], 2), change(edited(1, 1, 3)));
    expect(outcome).toBe('applied');
    expect(ids(feed)).toEqual([1, 2]);
    expect(feed.messages[0]).toEqual(edited(1, 1, 3));
    expect(feed.lastSeq).toBe(3);
  });
  it('keeps a deleted message at its place, without its text', () => {
    const { feed } = applyLive(given([msg(1, 1), msg(2, 2)], 2), change(deleted(2, 2, 3)));
    expect(feed.messages[1]).toMatchObject({ id: 2, content: '', deletedAt: at(3) });
  });
  it('drops a change it already reflects, and leaves the feed as it was', () => {
    const before = given([msg(1, 1), edited(2, 2, 4)], 4);
    for (const repeat of [change(msg(2, 2), 2), change(edited(2, 2, 4)), change(msg(1, 1))]) {
      const { feed, outcome } = applyLive(before, repeat);
      expect(outcome).toBe('duplicate');
      expect(feed).toBe(before);
    }
  });
  it('holds a change past a gap without showing it, and says a catch-up is due', () => {
    const { feed, outcome } = applyLive(given([msg(1, 1)], 1), change(msg(3, 3)));
    expect(outcome).toBe('gap');
    expect(ids(feed)).toEqual([1]);
    expect(feed.lastSeq).toBe(1);
    expect(needsCatchUp(feed)).toBe(true);
    expect(applyLive(feed, change(msg(3, 3))).outcome).toBe('duplicate');
  });
  it('applies changes that arrive out of order once the missing one comes', () => {
    let feed = given([msg(1, 1)], 1);
    feed = live(feed, change(edited(2, 2, 4)), change(msg(3, 3)));
    expect(feed.lastSeq).toBe(1);
    feed = applyLive(feed, change(msg(2, 2))).feed;
    expect(ids(feed)).toEqual([1, 2, 3]);
    expect(feed.messages[1]).toEqual(edited(2, 2, 4));
    expect(feed.lastSeq).toBe(4);
    expect(needsCatchUp(feed)).toBe(false);
  });
  it('takes a message changed twice in one batch under both numbers, as it now stands, once', () => {
    // The socket sends each change's number with the message as it stands after the batch.
    let feed = given([msg(1, 1)], 1);
    feed = live(feed, change(edited(1, 1, 3), 2), change(edited(1, 1, 3), 3));
    expect(feed.messages).toEqual([edited(1, 1, 3)]);
    expect(feed.lastSeq).toBe(3);
  });
  it('never shows an older state of a message over a newer one', () => {
    // The message as it stood at change 2 arrives after its edit at change 3 was applied.
    let feed = given([msg(1, 1)], 1);
    feed = live(feed, change(edited(1, 1, 3), 2), change(msg(1, 1, 1), 3));
    expect(feed.messages).toEqual([edited(1, 1, 3)]);
  });
  it('leaves an edit of a message above the window to the older page, but counts its number', () => {
    const { feed, outcome } = applyLive(given([msg(5, 5), msg(6, 6)], 6, true), change(edited(2, 2, 7)));
    expect(outcome).toBe('applied');
    expect(ids(feed)).toEqual([5, 6]);
    expect(feed.lastSeq).toBe(7);
  });
});

describe('the chat feed: catching up after=lastSeq', () => {
  it('fills a gap with exactly what was missed, and applies the changes held past it', () => {
    let feed = live(given([msg(1, 1)], 1), change(msg(4, 4)));
    feed = mergeCatchUp(feed, page([msg(2, 2), deleted(3, 3, 5), msg(4, 4)], 5), 1);
    expect(ids(feed)).toEqual([1, 2, 3, 4]);
    expect(feed.messages[2]).toEqual(deleted(3, 3, 5));
    expect(feed.lastSeq).toBe(5);
    expect(needsCatchUp(feed)).toBe(false);
  });
  it('covers up to the last change of a page when more remain, so the next read goes on from there', () => {
    let feed = given([msg(1, 1)], 1);
    feed = mergeCatchUp(feed, page([msg(2, 2), msg(3, 3)], 9, true), 1);
    expect(feed.lastSeq).toBe(3);
    feed = mergeCatchUp(feed, page([msg(4, 4), edited(2, 2, 9)], 9), 3);
    expect(ids(feed)).toEqual([1, 2, 3, 4]);
    expect(feed.messages[1]).toEqual(edited(2, 2, 9));
    expect(feed.lastSeq).toBe(9);
  });
  it('does not double a message the socket delivered while the read was under way', () => {
    let feed = given([msg(1, 1)], 1);
    feed = live(feed, change(msg(2, 2))); // arrives while after=1 is read
    feed = mergeCatchUp(feed, page([msg(2, 2), msg(3, 3)], 3), 1);
    expect(ids(feed)).toEqual([1, 2, 3]);
    expect(feed.lastSeq).toBe(3);
  });
  it('never moves back: a read from before the live changes already applied leaves lastSeq where it is', () => {
    let feed = live(given([msg(1, 1)], 1), change(msg(2, 2)), change(msg(3, 3)));
    feed = mergeCatchUp(feed, page([msg(2, 2)], 2), 1);
    expect(feed.lastSeq).toBe(3);
    expect(ids(feed)).toEqual([1, 2, 3]);
  });
  it('ignores an answer to a question from beyond what the feed holds', () => {
    const feed = given([msg(1, 1)], 1);
    expect(mergeCatchUp(feed, page([msg(3, 3)], 3), 2)).toBe(feed);
  });
  it('keeps waiting for a held change the read did not reach yet', () => {
    let feed = live(given([msg(1, 1)], 1), change(msg(4, 4)));
    feed = mergeCatchUp(feed, page([msg(2, 2)], 2), 1);
    expect(feed.lastSeq).toBe(2);
    expect(ids(feed)).toEqual([1, 2]);
    expect(needsCatchUp(feed)).toBe(true);
  });
  it('leaves changes to messages above the window for the older page', () => {
    const feed = mergeCatchUp(given([msg(5, 5)], 5, true), page([edited(1, 1, 6), msg(7, 7)], 7), 5);
    expect(ids(feed)).toEqual([5, 7]);
    expect(feed.lastSeq).toBe(7);
  });
});

describe('the chat feed: an older page', () => {
  it('puts the page above the messages held, and says whether more remain, without touching lastSeq', () => {
    const feed = mergeOlder(given([msg(3, 3), msg(4, 4)], 4, true), page([msg(1, 1), msg(2, 2)], 9), 3);
    expect(ids(feed)).toEqual([1, 2, 3, 4]);
    expect(feed.hasOlder).toBe(false);
    expect(feed.lastSeq).toBe(4);
  });
  it('keeps the newer copy of a message the older page also brings', () => {
    let feed = live(given([msg(3, 3)], 3, true), change(edited(3, 3, 4)));
    feed = mergeOlder(feed, page([msg(2, 2), msg(3, 3)], 4, true), 3);
    expect(ids(feed)).toEqual([2, 3]);
    expect(feed.messages[1]).toEqual(edited(3, 3, 4));
    expect(feed.hasOlder).toBe(true);
  });
  it('takes the older copy of a message read at a later head (its edit not announced yet) and keeps it against the late announcement', () => {
    let feed = mergeOlder(given([msg(3, 3)], 3, true), page([edited(2, 2, 4)], 4), 3);
    feed = applyLive(feed, change(edited(2, 2, 4))).feed;
    expect(feed.messages[0]).toEqual(edited(2, 2, 4));
    expect(feed.lastSeq).toBe(4);
  });
  it('ignores a page that no longer joins the first message held', () => {
    const feed = mergeOlder(given([msg(3, 3)], 3, true), page([msg(1, 1)], 3, true), 3);
    expect(mergeOlder(feed, page([msg(0, 0)], 3), 3)).toBe(feed);
  });
});

describe("the chat feed: one's own edit or delete", () => {
  const answer = (over: Partial<{ content: string; editedAt: string | null; deletedAt: string | null; mentionedUserIds: number[] }>) => ({
    message: { id: 2, teamId: TEAM, authorId: 3, content: 'message 2', mentionedUserIds: [], createdAt: at(2), editedAt: null, deletedAt: null, ...over },
    version: 2,
  });
  it('shows the answer at once, keeping the numbers so the announcement still replaces it', () => {
    let feed = given([msg(1, 1), msg(2, 2)], 2);
    feed = withAnswer(feed, answer({ content: 'hello @sam', editedAt: at(3), mentionedUserIds: [9] }), (id) => (id === 9 ? 'Sam Patel' : undefined));
    expect(feed.messages[1]).toMatchObject({ content: 'hello @sam', editedAt: at(3), seq: 2, mentions: [{ userId: 9, fullName: 'Sam Patel' }] });
    feed = applyLive(feed, change(edited(2, 2, 3))).feed;
    expect(feed.messages[1]).toEqual(edited(2, 2, 3));
  });
  it('shows a deletion at once', () => {
    const feed = withAnswer(given([msg(2, 2)], 2), answer({ content: '', deletedAt: at(3) }), () => undefined);
    expect(feed.messages[0]).toMatchObject({ content: '', deletedAt: at(3) });
  });
  it('leaves the feed alone for a message it does not hold', () => {
    const feed = given([msg(1, 1)], 1);
    expect(withAnswer(feed, answer({ content: 'x' }), () => undefined)).toBe(feed);
  });
});

/**
 * A team chat as the server keeps it: each change takes the next number; a read `after` gives
 * each message changed since once, as it stands, oldest change first.
 */
function serverChat(ops: ('post' | 'edit' | 'delete')[], pick: number[]) {
  const states: TeamMessage[][] = [[]];
  const changes: LiveChange[] = [];
  let current: TeamMessage[] = [];
  ops.forEach((op, i) => {
    const seq = i + 1;
    const alive = current.filter((m) => !m.deletedAt);
    const target = alive[pick[i]! % Math.max(1, alive.length)];
    let next: TeamMessage;
    if (op === 'post' || !target) next = msg(seq, seq);
    else next = op === 'edit' ? edited(target.id, target.postedSeq, seq) : deleted(target.id, target.postedSeq, seq);
    current = [...current.filter((m) => m.id !== next.id), next].sort((a, b) => a.postedSeq - b.postedSeq);
    states.push(current);
    changes.push({ seq, message: next });
  });
  const head = changes.length;
  return {
    head,
    changes,
    truth: current,
    newest: (atHead: number, limit: number) => {
      const all = states[atHead]!;
      return page(all.slice(-limit), atHead, all.length > limit);
    },
    after: (after: number, limit: number) => {
      const changed = current.filter((m) => m.seq > after).sort((a, b) => a.seq - b.seq);
      return page(changed.slice(0, limit), head, changed.length > limit);
    },
  };
}

describe('the chat feed: any delivery order', () => {
  it('ends, after catching up on every gap, with exactly the conversation the server holds: no gap, no duplicate', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom('post', 'post', 'edit', 'delete') as fc.Arbitrary<'post' | 'edit' | 'delete'>, { minLength: 1, maxLength: 30 }),
      fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
      fc.nat(), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5 }),
      fc.array(fc.nat(), { maxLength: 60 }),
      (ops, pick, startAt, pageSize, readLimit, delivery) => {
        const server = serverChat(ops, pick);
        const start = startAt % (server.head + 1);
        let feed = feedFromPage(TEAM, server.newest(start, pageSize));
        // The socket delivers the changes after the first read in any order, some twice, some never.
        const pending = server.changes.filter((c) => c.seq > start);
        const delivered = delivery.map((n) => pending[n % Math.max(1, pending.length)]).filter((c) => c !== undefined);
        const catchUp = () => {
          for (;;) {
            const after = feed.lastSeq;
            const answer = server.after(after, readLimit);
            feed = mergeCatchUp(feed, answer, after);
            if (!answer.hasMore) return;
          }
        };
        for (const c of delivered) {
          const result = applyLive(feed, c);
          feed = result.feed;
          if (result.outcome === 'gap') catchUp();
        }
        catchUp(); // the reconnect's resync
        const oldest = oldestPostedSeq(feed) ?? Infinity;
        const expected = server.truth.filter((m) => m.postedSeq >= oldest);
        expect(feed.lastSeq).toBe(server.head);
        expect(feed.messages).toEqual(expected);
        expect(new Set(ids(feed)).size).toBe(feed.messages.length);
        expect(needsCatchUp(feed)).toBe(false);
        // Every message the server holds after the first held one is shown, and the rest remains as older pages.
        if (!feed.hasOlder) expect(feed.messages).toEqual(server.truth);
      },
    ), { numRuns: 300 });
  });
});
