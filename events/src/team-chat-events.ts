import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/**
 * A team chat message's own stream (`team_message-<id>`): posted, edited, deleted. The team's
 * chat order (its per-team sequence numbers) is given by the read model, in log order.
 * `mentionedUserIds` are the people the text's `@username`s named, resolved when it was written.
 */
export const teamChatEventSchemas = {
  TeamMessagePosted: z.object({ messageId: id, teamId: id, authorId: id, content: z.string(), mentionedUserIds: z.array(id), at }),
  TeamMessageEdited: z.object({ messageId: id, teamId: id, content: z.string(), mentionedUserIds: z.array(id), at }),
  TeamMessageDeleted: z.object({ messageId: id, teamId: id, at }),
} as const;

export type TeamChatEventType = keyof typeof teamChatEventSchemas;
export type TeamChatEvent = { [T in TeamChatEventType]: { type: T; data: z.infer<(typeof teamChatEventSchemas)[T]> } }[TeamChatEventType];
