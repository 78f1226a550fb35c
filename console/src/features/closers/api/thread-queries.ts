import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApplicationMessagesResponseSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newestId, oldestId, threadFromPage, withNewer, withOlder, type ThreadFeed } from '../application-thread';
import { threadKeys } from './closer-keys';

/** Messages a page of a thread holds; a catch-up reads up to CATCH_UP_PAGE_SIZE at a time while more remain. */
export const THREAD_PAGE_SIZE = 50;
export const CATCH_UP_PAGE_SIZE = 200;

const readMessages = (applicationId: number, params: { limit: number; before?: number; after?: number }, signal?: AbortSignal) =>
  api.get(`/api/applications/${applicationId}/messages`, ApplicationMessagesResponseSchema, { signal, params });

/**
 * An application's conversation: the newest page, then kept current by the live layer (each
 * pushed message, and `after` reads when the socket reopens). Never stale: coming back to the
 * page shows what is held rather than rereading it.
 */
export const threadQuery = (applicationId: number) =>
  queryOptions({
    queryKey: threadKeys.thread(applicationId),
    queryFn: async ({ signal }): Promise<ThreadFeed> => threadFromPage(await readMessages(applicationId, { limit: THREAD_PAGE_SIZE }, signal)),
    staleTime: Infinity,
  });

/** Reads the page before the oldest held message and puts it at the top. */
export async function loadOlderMessages(queryClient: QueryClient, applicationId: number): Promise<void> {
  const held = queryClient.getQueryData<ThreadFeed>(threadKeys.thread(applicationId));
  const before = held ? oldestId(held) : null;
  if (!held?.hasOlder || before === null) return;
  const page = await readMessages(applicationId, { limit: THREAD_PAGE_SIZE, before });
  queryClient.setQueryData<ThreadFeed>(threadKeys.thread(applicationId), (feed) => (feed ? withOlder(feed, page) : feed));
}

/** Everything after the newest held message, page after page: what a socket that was down missed. */
export async function catchUpThread(queryClient: QueryClient, applicationId: number): Promise<void> {
  const key = threadKeys.thread(applicationId);
  for (;;) {
    const held = queryClient.getQueryData<ThreadFeed>(key);
    if (!held) return;
    const page = await readMessages(applicationId, { limit: CATCH_UP_PAGE_SIZE, after: newestId(held) });
    queryClient.setQueryData<ThreadFeed>(key, (feed) => (feed ? withNewer(feed, page) : feed));
    if (!page.hasMore || page.messages.length === 0) return;
  }
}
