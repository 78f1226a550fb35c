import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { TeamMessagesResponseSchema, UsersResponseSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { feedFromPage, mergeOlder, oldestPostedSeq, type ChatFeed } from '../chat-feed';
import { teamKeys } from './team-queries';

/** Messages a page of the conversation holds (the server's default). */
export const CHAT_PAGE_SIZE = 50;
/** A catch-up reads this many changes at a time, and goes on while more remain. */
export const CATCH_UP_PAGE_SIZE = 200;
export const SEARCH_PAGE_SIZE = 50;

/**
 * Outside `teamKeys.all` on purpose: staffing and standings changes refetch /team's reads, but
 * a conversation is kept current by its own sequence (live changes, then `after` reads), never
 * by a whole refetch that would drop the older pages someone scrolled back to.
 */
export const teamChatKeys = {
  all: ['team-chat'] as const,
  feeds: () => [...teamChatKeys.all, 'feed'] as const,
  feed: (teamId: number) => [...teamChatKeys.feeds(), teamId] as const,
  search: (teamId: number, q: string) => [...teamChatKeys.all, 'search', teamId, q] as const,
};

export const readTeamMessages = (teamId: number, params: { limit: number; before?: number; after?: number; q?: string }, signal?: AbortSignal) =>
  api.get(`/api/teams/${teamId}/messages`, TeamMessagesResponseSchema, { signal, params });

/**
 * A team's conversation: the newest page, then kept current by the live layer (each change in
 * sequence, `after=lastSeq` on a gap or a reconnect). Never stale, so coming back to the tab
 * shows what is held rather than rereading it.
 */
export const teamChatQuery = (teamId: number) =>
  queryOptions({
    queryKey: teamChatKeys.feed(teamId),
    queryFn: async ({ signal }): Promise<ChatFeed> => feedFromPage(teamId, await readTeamMessages(teamId, { limit: CHAT_PAGE_SIZE }, signal)),
    staleTime: Infinity,
  });

/** Reads the page before the oldest message held and puts it at the top. */
export async function loadOlderMessages(queryClient: QueryClient, teamId: number): Promise<void> {
  const held = queryClient.getQueryData<ChatFeed>(teamChatKeys.feed(teamId));
  const before = held ? oldestPostedSeq(held) : null;
  if (!held?.hasOlder || before === null) return;
  const page = await readTeamMessages(teamId, { limit: CHAT_PAGE_SIZE, before });
  queryClient.setQueryData<ChatFeed>(teamChatKeys.feed(teamId), (feed) => (feed ? mergeOlder(feed, page, before) : feed));
}

/** Messages matching every word of `q` (as prefixes), newest first. */
export const teamChatSearchQuery = (teamId: number, q: string) =>
  queryOptions({
    queryKey: teamChatKeys.search(teamId, q),
    queryFn: ({ signal }) => readTeamMessages(teamId, { limit: SEARCH_PAGE_SIZE, q }, signal),
    enabled: q.trim().length > 0,
  });

/**
 * The floor's people with their usernames: whom `@` can name (the team's members and its manager,
 * as the server resolves mentions), and whose mention a message's text shows. Under `teamKeys`:
 * a move or a new name refetches it.
 */
export const chatPeopleQuery = queryOptions({
  queryKey: [...teamKeys.all, 'chat-people'] as const,
  queryFn: ({ signal }) => api.get('/api/users', UsersResponseSchema, { signal }),
  staleTime: 5 * 60_000,
});
