import type { TeamMessage, TeamMessagesResponse } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { TEAM_MESSAGE_JSON, teamMessageOfJson } from '@leadfloor/infra/read-models/team-message-json';

export type TeamMessagesQuery = { limit: number; before?: number; after?: number; q?: string };

/** Each word of a search, as a prefix: "call smi" finds "Called Smith". Only letters and digits count. */
export function searchTerms(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 10) ?? [];
  return words.length === 0 ? null : words.map((w) => `'${w}':*`).join(' & ');
}

/**
 * One read of a team's chat, in one statement so the head and the rows are one snapshot: a
 * client that takes `headSeq` as "seen up to" never skips a change the rows did not include.
 */
export async function readTeamMessages(pool: Pool, teamId: number, query: TeamMessagesQuery): Promise<TeamMessagesResponse> {
  const { limit, before, after, q } = query;
  let where: string;
  let order: string;
  const params: unknown[] = [teamId, limit + 1];
  if (after !== undefined) {
    params.push(after);
    where = 'm.seq > $3';
    order = 'm.seq asc';
  } else if (q !== undefined) {
    const terms = searchTerms(q);
    if (terms === null) return { messages: [], headSeq: await headSeq(pool, teamId), hasMore: false };
    params.push(terms);
    where = `m.deleted_at is null and to_tsvector('simple', m.content) @@ to_tsquery('simple', $3)`;
    order = 'm.posted_seq desc';
  } else {
    params.push(before ?? null);
    where = '($3::int is null or m.posted_seq < $3)';
    order = 'm.posted_seq desc';
  }
  const { rows } = await pool.query<{ head: number; messages: TeamMessage[] }>(
    `select coalesce((select seq from team_chat_heads_v1 where team_id = $1), 0) as head,
            coalesce((select jsonb_agg(page.message order by page.n) from (
              select ${TEAM_MESSAGE_JSON} as message, row_number() over (order by ${order}) as n
              from team_messages_v1 m left join users_v1 u on u.id = m.author_id
              where m.team_id = $1 and ${where} order by ${order} limit $2) page), '[]'::jsonb) as messages`, params);
  const { head, messages } = rows[0]!;
  const hasMore = messages.length > limit;
  const page = messages.slice(0, limit).map(teamMessageOfJson);
  // A page of history reads newest first and is shown oldest first; a search stays newest first.
  return { messages: after === undefined && q === undefined ? page.reverse() : page, headSeq: head, hasMore };
}

async function headSeq(pool: Pool, teamId: number): Promise<number> {
  const { rows } = await pool.query<{ seq: number }>('select seq from team_chat_heads_v1 where team_id = $1', [teamId]);
  return rows[0]?.seq ?? 0;
}
