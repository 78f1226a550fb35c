import type { TeamMessage, TeamMessageCommandResponseSchema, TeamMessagesResponse } from '@leadfloor/contracts';
import type { z } from 'zod';

/** A change the socket announced: the team chat's sequence number, and the message as it stands. */
export type LiveChange = { seq: number; message: TeamMessage };
type CommandAnswer = z.infer<typeof TeamMessageCommandResponseSchema>;

/**
 * What the console holds of one team's conversation. Every post, edit and delete of a team's
 * chat takes the team's next sequence number; `lastSeq` says every change up to it is reflected
 * here, so after a jump or a reconnect the console asks for `after=lastSeq` and gets exactly
 * what it missed.
 */
export type ChatFeed = {
  teamId: number;
  /** Oldest first (by `postedSeq`), each message once, as its latest change we hold has it. */
  messages: TeamMessage[];
  lastSeq: number;
  /** Older messages than the first held remain on the server (the "Load older messages" page). */
  hasOlder: boolean;
  /** Changes announced past a gap, oldest first: applied once the changes before them arrive. */
  ahead: LiveChange[];
};

export type LiveOutcome = 'applied' | 'duplicate' | 'gap';

/** A burst of changes past a gap is held up to this many; the catch-up read brings the rest. */
const AHEAD_LIMIT = 500;

/** The newest page of a team's chat, as the first read answers it. */
export function feedFromPage(teamId: number, page: TeamMessagesResponse): ChatFeed {
  const messages = upsertAll([], page.messages, { window: false });
  return { teamId, messages, lastSeq: page.headSeq, hasOlder: page.hasMore, ahead: [] };
}

/** The first message held, whose `postedSeq` is the next older page's `before`. */
export const oldestPostedSeq = (feed: ChatFeed): number | null => feed.messages[0]?.postedSeq ?? null;

/** Whether changes announced past a gap still wait for the ones before them (a catch-up read is due). */
export const needsCatchUp = (feed: ChatFeed): boolean => feed.ahead.length > 0;

/**
 * A change from the socket. One we already reflect is dropped; the next one is applied (a post
 * is inserted at its place, an edit or delete replaces the message); one past a gap is held,
 * and the caller reads `after=lastSeq` to fill the gap.
 */
export function applyLive(feed: ChatFeed, change: LiveChange): { feed: ChatFeed; outcome: LiveOutcome } {
  if (change.seq <= feed.lastSeq || feed.ahead.some((c) => c.seq === change.seq)) return { feed, outcome: 'duplicate' };
  if (change.seq > feed.lastSeq + 1) {
    const ahead = [...feed.ahead, change].sort((a, b) => a.seq - b.seq).slice(0, AHEAD_LIMIT);
    return { feed: { ...feed, ahead }, outcome: 'gap' };
  }
  const applied = { ...feed, messages: upsertAll(feed.messages, [change.message], { window: feed.hasOlder }), lastSeq: change.seq };
  return { feed: drainAhead(applied), outcome: 'applied' };
}

/**
 * The answer to `after=<after>`: every message changed since, each as it stands, oldest change
 * first. It covers the changes up to the server's head, or, when more remain (`hasMore`), up to
 * the last message's number, from which the caller asks again. An answer to a question asked
 * from beyond what the feed holds covers no gap of ours, and is left out.
 */
export function mergeCatchUp(feed: ChatFeed, page: TeamMessagesResponse, after: number): ChatFeed {
  if (after > feed.lastSeq) return feed;
  const last = page.messages.at(-1);
  const covered = page.hasMore && last ? last.seq : page.headSeq;
  const merged = {
    ...feed,
    messages: upsertAll(feed.messages, page.messages, { window: feed.hasOlder }),
    lastSeq: Math.max(feed.lastSeq, covered),
  };
  return drainAhead(merged);
}

/**
 * The page of messages posted before `before` (the oldest one held when it was asked for), at
 * the top. An answer that no longer joins the feed's oldest message (the feed was reread
 * meanwhile) would leave a hole, and is left out. It changes no sequence number: older
 * messages say nothing about what changed since `lastSeq`.
 */
export function mergeOlder(feed: ChatFeed, page: TeamMessagesResponse, before: number): ChatFeed {
  if (before !== oldestPostedSeq(feed)) return feed;
  return { ...feed, messages: upsertAll(feed.messages, page.messages, { window: false }), hasOlder: page.hasMore };
}

/**
 * The answer to one's own edit or delete, shown at once (the socket's announcement follows with
 * its sequence number and replaces it). The message keeps its numbers, so an announcement of any
 * later change wins over it, and an older copy read meanwhile does not.
 */
export function withAnswer(feed: ChatFeed, { message: answer }: CommandAnswer, nameOf: (userId: number) => string | undefined): ChatFeed {
  const i = feed.messages.findIndex((m) => m.id === answer.id);
  if (i < 0) return feed;
  const held = feed.messages[i]!;
  const mentions = answer.mentionedUserIds.map((userId) =>
    held.mentions.find((m) => m.userId === userId) ?? { userId, fullName: nameOf(userId) ?? `User ${userId}` });
  const message = { ...held, content: answer.content, mentions, editedAt: answer.editedAt, deletedAt: answer.deletedAt };
  return { ...feed, messages: feed.messages.with(i, message) };
}

/**
 * The messages with `incoming` put in: each at its place by `postedSeq`, replacing the copy held
 * only when newer (a higher `seq`), so no order of arrival shows an older state over a newer one.
 * With `window`, a message older than the first held (while older ones remain unread) is left
 * for the older page to bring: inserting it would leave a hole above it.
 */
function upsertAll(held: TeamMessage[], incoming: TeamMessage[], { window }: { window: boolean }): TeamMessage[] {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((m) => [m.id, m]));
  const floor = window ? held[0]?.postedSeq ?? -Infinity : -Infinity;
  let changed = false;
  for (const m of incoming) {
    const current = byId.get(m.id);
    if (current ? current.seq >= m.seq : m.postedSeq < floor) continue;
    byId.set(m.id, m);
    changed = true;
  }
  return changed ? [...byId.values()].sort((a, b) => a.postedSeq - b.postedSeq) : held;
}

/** Applies the held changes that now follow on, and forgets those already reflected. */
function drainAhead(feed: ChatFeed): ChatFeed {
  let { messages, lastSeq } = feed;
  const ahead = [...feed.ahead];
  while (ahead.length > 0 && ahead[0]!.seq <= lastSeq + 1) {
    const next = ahead.shift()!;
    if (next.seq <= lastSeq) continue;
    messages = upsertAll(messages, [next.message], { window: feed.hasOlder });
    lastSeq = next.seq;
  }
  return ahead.length === feed.ahead.length ? feed : { ...feed, messages, lastSeq, ahead };
}
