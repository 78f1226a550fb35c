import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { TeamMessageCommandResponseSchema, type PostTeamMessageBody } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { withAnswer, type ChatFeed } from '../chat-feed';
import { teamChatKeys } from './team-chat-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });
type CommandAnswer = z.infer<typeof TeamMessageCommandResponseSchema>;

/**
 * A post to a team's chat. Its place in the conversation (its sequence number) comes with the
 * live announcement; until then the caller shows the answer at the bottom.
 */
export const usePostTeamMessage = (teamId: number) =>
  useMutation({
    mutationFn: (body: PostTeamMessageBody) => api.post(`/api/teams/${teamId}/messages`, body, TeamMessageCommandResponseSchema, idempotent()),
  });

/**
 * One's own edit, or a delete (one's own, or the team's manager's): the answer shows at once in
 * the conversation, and the live announcement that follows confirms it.
 */
function useMessageChange<V>(teamId: number, send: (vars: V) => Promise<CommandAnswer>, nameOf: (userId: number) => string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) =>
      queryClient.setQueryData<ChatFeed>(teamChatKeys.feed(teamId), (feed) => (feed ? withAnswer(feed, answer, nameOf) : feed)),
  });
}

export const useEditTeamMessage = (teamId: number, nameOf: (userId: number) => string | undefined) =>
  useMessageChange(teamId, ({ messageId, content }: { messageId: number; content: string }) =>
    api.patch(`/api/team-messages/${messageId}`, { content }, TeamMessageCommandResponseSchema, idempotent()), nameOf);

export const useDeleteTeamMessage = (teamId: number) =>
  useMessageChange(teamId, (messageId: number) =>
    api.delete(`/api/team-messages/${messageId}`, TeamMessageCommandResponseSchema, idempotent()), () => undefined);
