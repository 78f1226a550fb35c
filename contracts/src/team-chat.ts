import { z } from 'zod';
import { IdQuerySchema, INT32_MAX } from './scalars';

/** Spec: a team message holds at most 4,000 characters, shown as text (never HTML). */
export const TEAM_MESSAGE_MAX = 4_000;
/** The author may edit or delete a message for 15 minutes after posting it. */
export const TEAM_MESSAGE_EDIT_WINDOW_MINUTES = 15;

const content = z.string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Write a message first').max(TEAM_MESSAGE_MAX, `A message can be at most ${TEAM_MESSAGE_MAX.toLocaleString('en-US')} characters`));

/** POST /api/teams/:id/messages. `@username` in the text mentions a member of the team. */
export const PostTeamMessageBodySchema = z.strictObject({ content });
export type PostTeamMessageBody = z.input<typeof PostTeamMessageBodySchema>;
/** PATCH /api/team-messages/:id: the author, within the edit window. */
export const EditTeamMessageBodySchema = z.strictObject({ content });

/** A team's chat sequence number: every post, edit and delete on a team's chat takes the next one. */
const SeqQuerySchema = z.coerce.number().int().min(0).max(INT32_MAX);

/**
 * GET /api/teams/:id/messages. One of three reads:
 * - the newest page (nothing given), or the page before `before` (a message's `postedSeq`);
 * - `after`: every message posted, edited or deleted since that sequence number, oldest change
 *   first (what a client that was away missed: no gap, no duplicate);
 * - `q`: messages whose text matches every word, newest first.
 */
export const TeamMessagesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: SeqQuerySchema.optional(),
  after: SeqQuerySchema.optional(),
  q: z.string().trim().min(1, 'Type something to search for').max(200).optional(),
}).refine((q) => [q.before, q.after, q.q].filter((v) => v !== undefined).length <= 1, {
  message: 'Give at most one of before, after and q', path: ['after'],
});

export const TeamMessageSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  /** The team's chat sequence number of the post: its place in the conversation. */
  postedSeq: z.number().int(),
  /** The sequence number of its latest change (post, edit or delete). */
  seq: z.number().int(),
  authorId: z.number().int(),
  authorName: z.string(),
  authorAvatarUrl: z.string().nullable(),
  /** Empty once deleted. */
  content: z.string(),
  mentions: z.array(z.object({ userId: z.number().int(), fullName: z.string() })),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type TeamMessage = z.infer<typeof TeamMessageSchema>;

export const TeamMessagesResponseSchema = z.object({
  /** Oldest first, except for a search (newest first). */
  messages: z.array(TeamMessageSchema),
  /** The team chat's latest sequence number when this was read. */
  headSeq: z.number().int(),
  /** More older messages (a page) or more changes (`after`) remain: ask again from the last one. */
  hasMore: z.boolean(),
});
export type TeamMessagesResponse = z.infer<typeof TeamMessagesResponseSchema>;

/** A command's answer: the message as it now stands (its sequence numbers come with the live message). */
export const TeamMessageCommandResponseSchema = z.object({
  message: z.object({
    id: z.number().int(), teamId: z.number().int(), authorId: z.number().int(), content: z.string(),
    mentionedUserIds: z.array(z.number().int()), createdAt: z.string(), editedAt: z.string().nullable(), deletedAt: z.string().nullable(),
  }),
  version: z.number().int(),
});

export const TeamMessageParamsSchema = z.object({ id: IdQuerySchema });

/** /ws: a message posted, edited or deleted on a team's chat, to the team's members and manager. */
export const TeamMessageSocketSchema = z.object({
  type: z.literal('team_message'), teamId: z.number().int(), seq: z.number().int(), message: TeamMessageSchema,
});

/**
 * The `@username`s a message's text names, lower-cased, first mention first: an `@` at the start
 * or after a character that is not part of a name, then a username (letters, digits, `.`, `_`,
 * `-`); a sentence's full stop after it is not part of it. The server resolves them against the
 * team's members; the console highlights the same spans.
 */
export function mentionedUsernames(content: string): string[] {
  const names: string[] = [];
  for (const m of content.matchAll(MENTION)) {
    const name = m[2]!.replace(/[.-]+$/, '').toLowerCase();
    if (name.length >= 3 && !names.includes(name)) names.push(name);
  }
  return names;
}
/** `$1` what precedes the `@`, `$2` the name (possibly with trailing dots). */
export const MENTION = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{3,50})/g;
