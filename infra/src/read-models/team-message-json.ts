/**
 * A team chat message of `team_messages_v1 m` (joined with `users_v1 u` on its author) as the
 * API and /ws give it: with its author's current name and avatar and its mentions' names. The
 * gateway's reads and the projector's live messages build it with this one expression.
 */
export const TEAM_MESSAGE_JSON = `jsonb_build_object(
  'id', m.id, 'teamId', m.team_id, 'postedSeq', m.posted_seq, 'seq', m.seq, 'authorId', m.author_id,
  'authorName', coalesce(u.full_name, 'User ' || m.author_id), 'authorAvatarUrl', u.avatar_url, 'content', m.content,
  'mentions', coalesce((select jsonb_agg(jsonb_build_object('userId', x.id, 'fullName', x.full_name) order by x.id)
                        from users_v1 x where x.id = any(m.mentioned_user_ids)), '[]'::jsonb),
  'createdAt', m.created_at, 'editedAt', m.edited_at, 'deletedAt', m.deleted_at)`;

/** jsonb renders instants as PostgreSQL text; the API speaks ISO 8601 in UTC. */
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
type Instants = { createdAt: string; editedAt: string | null; deletedAt: string | null };
export const teamMessageOfJson = <M extends Instants>(m: M): M => ({ ...m, createdAt: iso(m.createdAt)!, editedAt: iso(m.editedAt), deletedAt: iso(m.deletedAt) });
