import { parseEventData, type RecordedEvent, type TeamChatEvent, type TeamChatEventType } from '@leadfloor/events';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection, Tables } from '@leadfloor/infra/projections/types';

const CHAT_EVENTS: readonly TeamChatEventType[] = ['TeamMessagePosted', 'TeamMessageEdited', 'TeamMessageDeleted'];

type MessageRow = {
  id: number; team_id: number; author_id: number; content: string; mentioned_user_ids: number[]; posted_seq: number; seq: number;
  created_at: string; edited_at: string | null; deleted_at: string | null;
};
type ChangeRow = { event_id: string; team_id: number; seq: number; message_id: number };
type T = 'messages' | 'changes' | 'heads';

const chatEventOf = (e: RecordedEvent): TeamChatEvent | null =>
  ((CHAT_EVENTS as readonly string[]).includes(e.type)
    ? { type: e.type, data: parseEventData(e.type as TeamChatEventType, e.data, e.metadata.schemaVersion) } as TeamChatEvent
    : null);

/**
 * Each team's conversation, and its chat sequence: every post, edit and delete of a team's
 * messages takes the team's next number, in log order, so a client holding "I have seen up to
 * 41" asks for `after=41` and gets exactly what changed since. One change row per event (its
 * id the key), so an event applied twice takes no second number.
 */
async function applyChat(db: PoolClient, events: RecordedEvent[], { messages, changes, heads }: Tables<T>) {
  const chat = events.flatMap((e) => {
    const ev = chatEventOf(e);
    return ev ? [{ eventId: e.eventId, ev }] : [];
  });
  if (chat.length === 0) return;
  const teamIds = [...new Set(chat.map((c) => c.ev.data.teamId))];
  const messageIds = [...new Set(chat.map((c) => c.ev.data.messageId))];
  const applied = await db.query<{ event_id: string }>(`select event_id from "${changes}" where event_id = any($1::uuid[])`, [chat.map((c) => c.eventId)]);
  const headRows = await db.query<{ team_id: number; seq: number }>(`select team_id, seq from "${heads}" where team_id = any($1::int[])`, [teamIds]);
  const existing = await db.query<MessageRow>(
    `select id, team_id, author_id, content, mentioned_user_ids, posted_seq, seq, created_at::text, edited_at::text, deleted_at::text
     from "${messages}" where id = any($1::int[])`, [messageIds]);
  const done = new Set(applied.rows.map((r) => r.event_id));
  const head = new Map(headRows.rows.map((r) => [r.team_id, r.seq]));
  const rows = new Map(existing.rows.map((r) => [r.id, r]));
  const touched = new Set<number>();
  const newChanges: ChangeRow[] = [];
  for (const { eventId, ev } of chat) {
    if (done.has(eventId)) continue;
    const d = ev.data;
    const row = rows.get(d.messageId);
    if (ev.type !== 'TeamMessagePosted' && !row) continue; // its post is not in this model: nothing to change
    const seq = (head.get(d.teamId) ?? 0) + 1;
    head.set(d.teamId, seq);
    newChanges.push({ event_id: eventId, team_id: d.teamId, seq, message_id: d.messageId });
    touched.add(d.messageId);
    if (ev.type === 'TeamMessagePosted') {
      rows.set(d.messageId, {
        id: d.messageId, team_id: d.teamId, author_id: ev.data.authorId, content: ev.data.content,
        mentioned_user_ids: ev.data.mentionedUserIds, posted_seq: seq, seq, created_at: d.at, edited_at: null, deleted_at: null,
      });
    } else if (ev.type === 'TeamMessageEdited') {
      rows.set(d.messageId, { ...row!, content: ev.data.content, mentioned_user_ids: ev.data.mentionedUserIds, edited_at: d.at, seq });
    } else {
      rows.set(d.messageId, { ...row!, content: '', mentioned_user_ids: [], deleted_at: d.at, seq });
    }
  }
  if (newChanges.length === 0) return;
  const changed = [...touched].map((id) => rows.get(id)!);
  await db.query(
    `insert into "${messages}" (id, team_id, author_id, content, mentioned_user_ids, posted_seq, seq, created_at, edited_at, deleted_at)
     select id, team_id, author_id, content, mentioned_user_ids, posted_seq, seq, created_at, edited_at, deleted_at
     from jsonb_populate_recordset(null::"${messages}", $1::jsonb)
     on conflict (id) do update set content = excluded.content, mentioned_user_ids = excluded.mentioned_user_ids, seq = excluded.seq,
       edited_at = excluded.edited_at, deleted_at = excluded.deleted_at`, [JSON.stringify(changed)]);
  await db.query(
    `insert into "${changes}" (event_id, team_id, seq, message_id)
     select event_id, team_id, seq, message_id from jsonb_populate_recordset(null::"${changes}", $1::jsonb)`, [JSON.stringify(newChanges)]);
  await db.query(
    `insert into "${heads}" (team_id, seq) select * from unnest($1::int[], $2::int[])
     on conflict (team_id) do update set seq = excluded.seq`, [[...head.keys()], [...head.values()]]);
}

export const teamMessages: Projection<T> = {
  name: 'team_messages_v1',
  tables: { messages: 'team_messages_v1', changes: 'team_chat_changes_v1', heads: 'team_chat_heads_v1' },
  handles: CHAT_EVENTS,
  async createTables(db, { messages, changes, heads }) {
    await db.query(`
      create table "${messages}" (
        id int primary key, team_id int not null, author_id int not null, content text not null,
        mentioned_user_ids int[] not null default '{}', posted_seq int not null, seq int not null,
        created_at timestamptz not null, edited_at timestamptz, deleted_at timestamptz
      );
      create unique index on "${messages}" (team_id, posted_seq);
      create index on "${messages}" (team_id, seq);
      create index on "${messages}" using gin (to_tsvector('simple', content));
      create table "${changes}" (event_id uuid primary key, team_id int not null, seq int not null, message_id int not null);
      create table "${heads}" (team_id int primary key, seq int not null);
    `);
  },
  load(tables) {
    return { apply: (db, events) => applyChat(db, events, tables), finish: async () => {} };
  },
  apply: (db, events, tables) => applyChat(db, events, tables),
};
