import { MENTION, type User } from '@leadfloor/contracts';

export type ChatPerson = Pick<User, 'id' | 'username' | 'fullName' | 'avatarUrl'>;

/** Whom a team's chat can `@`-mention, as the server resolves them: its members and its manager. */
export function mentionablePeople<P extends Pick<User, 'id' | 'teamId'>>(people: P[], team: { id: number; managerId: number | null }): P[] {
  return people.filter((p) => p.teamId === team.id || p.id === team.managerId);
}

/** The `@name` being typed just before the caret, if any: where its `@` is and what follows it. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{0,50})$/.exec(text.slice(0, caret));
  return m ? { start: m.index + m[1]!.length, query: m[2]! } : null;
}

/**
 * The people to offer for what was typed after `@`: a username or any part of the name that
 * starts with it (usernames first), never the writer, at most `limit`.
 */
export function mentionCandidates<P extends ChatPerson>(people: P[], query: string, meId: number, limit = 6): P[] {
  const q = query.toLowerCase();
  const byUsername = (p: P) => p.username.toLowerCase().startsWith(q);
  const byName = (p: P) => p.fullName.toLowerCase().split(/\s+/).some((w) => w.startsWith(q));
  const others = people.filter((p) => p.id !== meId);
  return [...others.filter(byUsername), ...others.filter((p) => !byUsername(p) && byName(p))].slice(0, limit);
}

/** The text with the `@name` typed from `start` to the caret replaced by `@username `, and the caret after it. */
export function completeMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

export type MessagePart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; userId: number; isMe: boolean };

/**
 * A message's text cut into plain runs and the `@username`s it mentions (the people the server
 * resolved when it was written, in `mentionedIds`); `@` followed by anyone else stays text.
 */
export function messageParts(content: string, people: Pick<User, 'id' | 'username'>[], mentionedIds: number[], meId: number): MessagePart[] {
  if (mentionedIds.length === 0) return content ? [{ kind: 'text', text: content }] : [];
  const byName = new Map(people.map((p) => [p.username.toLowerCase(), p.id]));
  const parts: MessagePart[] = [];
  let from = 0;
  for (const m of content.matchAll(MENTION)) {
    const name = m[2]!.replace(/[.-]+$/, '');
    const userId = byName.get(name.toLowerCase());
    if (userId === undefined || !mentionedIds.includes(userId)) continue;
    const start = m.index + m[1]!.length;
    if (start > from) parts.push({ kind: 'text', text: content.slice(from, start) });
    parts.push({ kind: 'mention', text: `@${name}`, userId, isMe: userId === meId });
    from = start + 1 + name.length;
  }
  if (from < content.length) parts.push({ kind: 'text', text: content.slice(from) });
  return parts;
}
