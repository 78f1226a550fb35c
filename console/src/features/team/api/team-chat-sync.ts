import type { QueryClient } from '@tanstack/react-query';
import type { SocketMessage, TeamMessagesResponse } from '@leadfloor/contracts';
import { applyLive, mergeCatchUp, needsCatchUp, type ChatFeed } from '../chat-feed';
import { CATCH_UP_PAGE_SIZE, readTeamMessages, teamChatKeys } from './team-chat-queries';

type TeamMessageSocketMessage = Extract<SocketMessage, { type: 'team_message' }>;
/** `GET /api/teams/:id/messages?after=`: every change since that number (the network, in the console). */
export type ReadChangesAfter = (teamId: number, after: number) => Promise<TeamMessagesResponse>;

const readAfter: ReadChangesAfter = (teamId, after) => readTeamMessages(teamId, { after, limit: CATCH_UP_PAGE_SIZE });

/**
 * Keeps the cached conversations current from /ws: each `team_message` in sequence is applied;
 * a jump (or a reconnect) reads `after=lastSeq`, page after page while more remain, so nothing
 * is missed and nothing shown twice. One catch-up per team at a time; a gap seen meanwhile runs
 * it once more. Conversations nobody has opened are not cached, and not followed.
 */
export function createTeamChatSync(queryClient: QueryClient, read: ReadChangesAfter = readAfter) {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const feedOf = (teamId: number) => queryClient.getQueryData<ChatFeed>(teamChatKeys.feed(teamId));

  async function catchUpOnce(teamId: number): Promise<void> {
    for (;;) {
      const held = feedOf(teamId);
      if (!held) return;
      const after = held.lastSeq;
      const page = await read(teamId, after);
      queryClient.setQueryData<ChatFeed>(teamChatKeys.feed(teamId), (feed) => (feed ? mergeCatchUp(feed, page, after) : feed));
      if (!page.hasMore) return;
    }
  }

  function catchUp(teamId: number): Promise<void> {
    const current = running.get(teamId);
    if (current) {
      again.add(teamId);
      return current;
    }
    const run = (async () => {
      try {
        do {
          again.delete(teamId);
          await catchUpOnce(teamId);
        } while (again.has(teamId));
      } catch {
        // Offline, or no longer on the team: the next open of the socket tries again.
      } finally {
        running.delete(teamId);
        again.delete(teamId);
      }
    })();
    running.set(teamId, run);
    return run;
  }

  /**
   * The first read of a conversation may be under way: what it answers may or may not include
   * this change, so once it lands, catch up from its head.
   */
  function afterFirstRead(teamId: number): boolean {
    const query = queryClient.getQueryCache().find<ChatFeed>({ queryKey: teamChatKeys.feed(teamId), exact: true });
    if (query?.state.fetchStatus !== 'fetching') return false;
    void query.promise?.then(() => catchUp(teamId), () => undefined);
    return true;
  }

  return {
    push(message: TeamMessageSocketMessage): Promise<void> {
      if (afterFirstRead(message.teamId)) return Promise.resolve();
      const held = feedOf(message.teamId);
      if (!held) return Promise.resolve();
      const { feed, outcome } = applyLive(held, { seq: message.seq, message: message.message });
      if (feed !== held) queryClient.setQueryData(teamChatKeys.feed(message.teamId), feed);
      return outcome === 'gap' || needsCatchUp(feed) ? catchUp(message.teamId) : Promise.resolve();
    },
    /** After a (re)open: each cached conversation reads what changed since its last number. */
    resync(): Promise<void> {
      const teams = queryClient.getQueryCache().findAll({ queryKey: teamChatKeys.feeds() })
        .map((q) => q.queryKey[2])
        .filter((teamId): teamId is number => typeof teamId === 'number');
      return Promise.all(teams.map((teamId) => (afterFirstRead(teamId) ? undefined : catchUp(teamId)))).then(() => undefined);
    },
  };
}
