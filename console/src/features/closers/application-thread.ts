import type { ApplicationMessage, ApplicationMessagesResponse } from '@leadfloor/contracts';

/**
 * An application's conversation as the console holds it: messages oldest first, each once, and
 * whether older ones remain on the server. Message ids grow with time across every thread, so
 * they order a thread; a live message, an `after` catch-up and an older page all merge by id.
 */
export type ThreadFeed = { messages: ApplicationMessage[]; hasOlder: boolean };

const byId = (a: ApplicationMessage, b: ApplicationMessage) => a.id - b.id;

function merged(held: ApplicationMessage[], incoming: ApplicationMessage[]): ApplicationMessage[] {
  const known = new Set(held.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  return fresh.length === 0 ? held : [...held, ...fresh].sort(byId);
}

/** The newest page, as the first read answers it. */
export const threadFromPage = (page: ApplicationMessagesResponse): ThreadFeed => ({
  messages: [...page.messages].sort(byId), hasOlder: page.hasMore,
});

/** A message pushed over /ws, or the sender's own answer: added once, in its place. */
export function withMessage(feed: ThreadFeed, message: ApplicationMessage): ThreadFeed {
  const messages = merged(feed.messages, [message]);
  return messages === feed.messages ? feed : { ...feed, messages };
}

/** What an `after` read brought (messages missed while away). Whether older ones remain is unchanged. */
export function withNewer(feed: ThreadFeed, page: ApplicationMessagesResponse): ThreadFeed {
  const messages = merged(feed.messages, page.messages);
  return messages === feed.messages ? feed : { ...feed, messages };
}

/** The page before the oldest held message, put at the top. */
export const withOlder = (feed: ThreadFeed, page: ApplicationMessagesResponse): ThreadFeed => ({
  messages: merged(feed.messages, page.messages), hasOlder: page.hasMore,
});

/** The newest held message's id (where a catch-up reads `after`); 0 for an empty thread. */
export const newestId = (feed: ThreadFeed): number => feed.messages[feed.messages.length - 1]?.id ?? 0;
/** The oldest held message's id (where an older page reads `before`), or null when none is held. */
export const oldestId = (feed: ThreadFeed): number | null => feed.messages[0]?.id ?? null;
