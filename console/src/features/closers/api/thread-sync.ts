import type { QueryClient } from '@tanstack/react-query';
import type { ApplicationMessage } from '@leadfloor/contracts';
import { withMessage, type ThreadFeed } from '../application-thread';
import { threadKeys } from './closer-keys';
import { catchUpThread } from './thread-queries';

/** A message pushed over /ws goes into its thread, if this browser holds that thread (else it is read when opened). */
export function pushThreadMessage(queryClient: QueryClient, message: ApplicationMessage): void {
  queryClient.setQueryData<ThreadFeed>(threadKeys.thread(message.applicationId), (feed) => (feed ? withMessage(feed, message) : feed));
}

/**
 * After the socket (re)opens: every held thread reads what came after its newest message,
 * rather than being reread whole (the older pages someone scrolled back to stay).
 */
export async function resyncThreads(queryClient: QueryClient): Promise<void> {
  const held = queryClient.getQueriesData<ThreadFeed>({ queryKey: threadKeys.all }).filter(([, feed]) => feed !== undefined);
  await Promise.all(held.map(([key]) => catchUpThread(queryClient, Number(key[key.length - 1])).catch(() => undefined)));
}
