import type { ApplicationMessage, ApplicationMessagesResponse, ReviewerNote } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';

type MessageRow = { id: number; application_id: number; sender_id: number; sender_name: string | null; sender_avatar: string | null; content: string; created_at: Date };

const messageOf = (r: MessageRow): ApplicationMessage => ({
  id: r.id, applicationId: r.application_id, senderId: r.sender_id, senderName: r.sender_name ?? `User ${r.sender_id}`,
  senderAvatarUrl: r.sender_avatar, content: r.content, createdAt: r.created_at.toISOString(),
});

/**
 * An application's thread, oldest first: the newest page, the page `before` a message id, or
 * every message `after` one (at most `limit`; `hasMore` says whether more remain that way).
 */
export async function readApplicationMessages(pool: Pool, applicationId: number, q: { limit: number; before?: number; after?: number }): Promise<ApplicationMessagesResponse> {
  const forward = q.after !== undefined;
  const bound = forward ? `and m.id > ${'$2'}` : q.before !== undefined ? 'and m.id < $2' : '';
  const params: unknown[] = [applicationId];
  if (bound) params.push(forward ? q.after : q.before);
  params.push(q.limit + 1);
  const { rows } = await pool.query<MessageRow>(
    `select m.id, m.application_id, m.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar, m.content, m.created_at
     from application_messages_v1 m left join users_v1 u on u.id = m.sender_id
     where m.application_id = $1 ${bound} order by m.id ${forward ? 'asc' : 'desc'} limit $${params.length}`, params);
  const page = rows.slice(0, q.limit);
  return { messages: (forward ? page : page.reverse()).map(messageOf), hasMore: rows.length > q.limit };
}

/** A reviewer's notes on an application, newest first (the route lets only reviewers here). */
export async function readReviewerNotes(pool: Pool, applicationId: number, q: { limit: number; before?: number }): Promise<{ notes: ReviewerNote[]; hasMore: boolean }> {
  const params: unknown[] = [applicationId];
  const before = q.before === undefined ? '' : `and n.id < $${params.push(q.before)}`;
  const { rows } = await pool.query<{ id: number; application_id: number; author_id: number; author_name: string | null; content: string; created_at: Date }>(
    `select n.id, n.application_id, n.author_id, u.full_name as author_name, n.content, n.created_at
     from application_notes_v1 n left join users_v1 u on u.id = n.author_id
     where n.application_id = $1 ${before} order by n.id desc limit $${params.push(q.limit + 1)}`, params);
  return {
    notes: rows.slice(0, q.limit).map((r) => ({
      id: r.id, applicationId: r.application_id, authorId: r.author_id, authorName: r.author_name ?? `User ${r.author_id}`,
      content: r.content, createdAt: r.created_at.toISOString(),
    })),
    hasMore: rows.length > q.limit,
  };
}
