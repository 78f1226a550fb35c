import type { PoolClient } from '@leadfloor/infra/postgres/pool';

// Realistic lead histories written straight into the events table in large transactions: the
// bench needs a million events in seconds, not the hours the command path would take. Every
// event is valid against its schema and every stream's versions are contiguous and in commit
// order, so projections and folds treat them exactly like events appended by commands.
//
// Step n of a lead's life: 1 created, 2 claimed, 3 scored, 4 tagged, 5 contacted, 6 discovery,
// 7 priority high, 8 qualified, 9 proposal, 10 follow-up; past 10 the agent keeps working the
// lead: score, tags, priority, follow-up, in turn.
const TYPE = `case
  when n = 1 then 'LeadCreated' when n = 2 then 'LeadClaimed' when n = 3 then 'LeadScored'
  when n = 4 then 'LeadTagsChanged' when n in (5, 8) then 'LeadStatusChanged' when n in (6, 9) then 'LeadStageMoved'
  when n = 7 then 'LeadPriorityChanged' when n = 10 then 'FollowUpScheduled'
  else (array['LeadScored', 'LeadTagsChanged', 'LeadPriorityChanged', 'FollowUpScheduled'])[1 + (n - 3) % 4] end`;

const ISO = (t: string) => `to_char((${t}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DATA = `case t
  when 'LeadCreated' then jsonb_build_object('leadId', id, 'name', 'Lead ' || id, 'email', 'lead' || id || '@example.com',
    'phone', '(415) 555-' || lpad((id % 10000)::text, 4, '0'), 'address', (10 + id % 9000) || ' Market Street',
    'city', 'San Francisco', 'state', 'CA', 'leadType', (array['real_estate', 'finance', 'forex'])[1 + id % 3],
    'source', (array['website', 'referral', 'advertisement', 'cold_call', 'social_media', 'other'])[1 + id % 6],
    'notes', 'Asked for a call back in the morning; compares two offers.', 'createdBy', agent, 'at', iso)
  when 'LeadClaimed' then jsonb_build_object('leadId', id, 'userId', agent, 'at', iso)
  when 'LeadScored' then jsonb_build_object('leadId', id, 'score', (id * 7 + n * 13) % 101, 'at', iso)
  when 'LeadTagsChanged' then jsonb_build_object('leadId', id, 'tags', jsonb_build_array('hot', 'tag' || (n % 5)), 'at', iso)
  when 'LeadStatusChanged' then jsonb_build_object('leadId', id, 'from', case n when 5 then 'claimed' else 'contacted' end,
    'to', case n when 5 then 'contacted' else 'qualified' end, 'at', iso)
  when 'LeadStageMoved' then jsonb_build_object('leadId', id, 'from', case n when 6 then 'new' else 'discovery' end,
    'to', case n when 6 then 'discovery' else 'proposal' end, 'at', iso)
  when 'LeadPriorityChanged' then jsonb_build_object('leadId', id,
    'from', case when n = 7 then 'medium' when ((n - 3) / 4) % 2 = 0 then 'high' else 'low' end,
    'to', case when n = 7 then 'high' when ((n - 3) / 4) % 2 = 0 then 'low' else 'high' end, 'at', iso)
  else jsonb_build_object('leadId', id, 'due', ${ISO("at + interval '3 days'")}, 'at', iso) end`;

/** The number of events lead `id` gets: `fixed`, or 4..10 (mean 7) when not given. */
export const historyLength = (id: number, fixed?: number) => fixed ?? 4 + (id % 7);

/**
 * Writes the histories of leads firstId..lastId in one transaction (one statement): streams
 * interleave step by step, as on a busy floor. Returns the number of events.
 */
export async function insertLeadHistories(db: PoolClient, o: {
  firstId: number; lastId: number; agentIds: number[]; fixedLength?: number; startedAt: Date;
}): Promise<number> {
  const len = 'coalesce($4::int, 4 + l.id % 7)';
  const { rows } = await db.query<{ n: string }>(`
    with reserved as (
      select setval('events_global_position_seq', nextval('events_global_position_seq')
        + (select sum(${len.replace(/l\.id/g, 'g')}) from generate_series($1::int, $2::int) g) - 1) as last
    ), steps as (
      select l.id, s.n, ($3::int[])[1 + l.id % cardinality($3::int[])] as agent,
             $5::timestamptz + (l.id % 1440) * interval '1 minute' + s.n * interval '1 hour' as at
      from generate_series($1::int, $2::int) l(id) cross join lateral generate_series(1, ${len}) s(n)
    ), typed as (
      select id, n, agent, at, ${ISO('at')} as iso, ${TYPE} as t, row_number() over (order by n, id) as rn,
             count(*) over () as total from steps
    ), ins as (
      insert into events (global_position, stream_id, stream_version, event_id, type, data, metadata, occurred_at)
      select (select last from reserved) - total + rn, 'lead-' || id, n, gen_random_uuid(), t, ${DATA},
             jsonb_build_object('schemaVersion', 1, 'actorId', agent, 'correlationId', 'bench-seed', 'causationId', null, 'commandId', null), at
      from typed order by rn
      returning 1
    ), streams_ins as (
      insert into streams (stream_id, stream_type, version)
      select 'lead-' || l.id, 'lead', ${len} from generate_series($1::int, $2::int) l(id)
      returning 1
    )
    select (select count(*) from ins) as n`,
  [o.firstId, o.lastId, o.agentIds, o.fixedLength ?? null, o.startedAt]);
  await db.query(`insert into entity_ids (kind, last_id) values ('lead', $1)
    on conflict (kind) do update set last_id = greatest(entity_ids.last_id, excluded.last_id)`, [o.lastId]);
  return Number(rows[0]!.n);
}

/** A small floor of users and two teams, so the users and teams read models have rows too. */
export async function insertFloorPeople(db: PoolClient, users: number, startedAt: Date): Promise<number[]> {
  await db.query(`
    insert into events (stream_id, stream_version, event_id, type, data, metadata, occurred_at)
    select 'user-' || u, 1, gen_random_uuid(), 'UserRegistered',
      jsonb_build_object('userId', u, 'username', 'agent' || u, 'email', 'agent' || u || '@example.com',
        'fullName', 'Agent ' || u, 'passwordHash', 'not-a-hash', 'role', 'agent', 'level', 'rookie', 'points', 0,
        'at', ${ISO('$2::timestamptz')}),
      jsonb_build_object('schemaVersion', 1, 'actorId', u, 'correlationId', 'bench-seed', 'causationId', null, 'commandId', null), $2
    from generate_series(1, $1::int) u
    union all
    select 'team-' || t, 1, gen_random_uuid(), 'TeamCreated',
      jsonb_build_object('teamId', t, 'name', 'Team ' || t, 'managerId', null, 'leadType', null, 'at', ${ISO('$2::timestamptz')}),
      jsonb_build_object('schemaVersion', 1, 'actorId', null, 'correlationId', 'bench-seed', 'causationId', null, 'commandId', null), $2
    from generate_series(1, 2) t`, [users, startedAt]);
  await db.query(`insert into streams (stream_id, stream_type, version)
    select 'user-' || u, 'user', 1 from generate_series(1, $1::int) u union all select 'team-' || t, 'team', 1 from generate_series(1, 2) t`, [users]);
  return Array.from({ length: users }, (_, i) => i + 1);
}
