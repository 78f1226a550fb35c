import { randomUUID } from 'node:crypto';
import { currentSchemaVersion, isEventType } from '@leadfloor/events';
import { metrics } from '../metrics/metrics';
import type { Pool } from '../postgres/pool';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './recorded-event-row';
import { CounterLimitError, StreamGuardMovedError, UniqueKeyTakenError, VersionConflictError } from './errors';
import { createReaderWakeUp } from './reader-wake-up';
import type { AppendRequest, AppendResult, CounterChange, EventStore, LogPosition } from './types';

export const EVENTS_CHANNEL = 'lf_events';

// The whole append is ONE statement, so it is atomic without an explicit transaction and costs
// one round trip: bump the stream's version by compare-and-set (concurrent appenders at the same
// expected version block on the row, re-check, and all but one find no row), insert the events
// only if that succeeded, and claim/release unique keys and store the command's result in the
// same statement. It may also carry the NOTIFY that wakes log readers (see reader-wake-up.ts).
// Counters move in it too: each upsert locks its counter's row and sees the latest committed
// value, and an increase past its limit raises (lf_counter_over_limit, SQLSTATE LFC02), which
// undoes the whole statement, so a limit that spans streams (a cap on an agent's active leads)
// holds under any interleaving without a read before the write.
//
// It is a named prepared statement: parsed and planned once per connection, then only bound and
// executed (planning it cost more than running it). Its shape is the same for every append, the
// optional parts switched by parameters, so one generic plan serves them all; each optional part
// is gated by a one-time filter on its parameters, so an append without keys to release never
// touches unique_keys.
//
// Guards ($19, $20) are other streams the decision was built on (the floor's pool policy for a
// claim's cap), each at the version read: the append happens only while every one of them is
// still there (a stream never written counts as version 0), so a change to them committed
// before the append's snapshot always counts, and the caller may read them from memory.
const APPEND = {
  name: 'lf_append_v3',
  text: `
with g as (
  select not exists (
    select 1 from unnest($19::text[], $20::bigint[]) as k(id, v) left join streams x on x.stream_id = k.id
    where coalesce(x.version, 0) <> k.v) as held
), s as (
  insert into streams as st (stream_id, stream_type, version)
  select $1, $2, $3::bigint + cardinality($4::uuid[]) from g
  where g.held and ($3::bigint = 0 or exists (select 1 from streams where stream_id = $1))
  on conflict (stream_id) do update set version = excluded.version where st.version = $3::bigint
  returning version
), e as (
  insert into events (stream_id, stream_version, event_id, type, data, metadata)
  select $1, $3::bigint + t.ord, t.id, t.type, t.data, t.meta
  from s, unnest($4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[]) with ordinality as t(id, type, data, meta, ord)
  returning global_position, stream_version
), claimed as (
  insert into unique_keys (scope, key, stream_id)
  select k.scope, k.key, $1 from s, unnest($8::text[], $9::text[]) as k(scope, key)
  where cardinality($8::text[]) > 0
  returning 1
), released as (
  delete from unique_keys u
  where cardinality($10::text[]) > 0 and exists (select from s) and u.stream_id = $1
    and (u.scope, u.key) in (select k.scope, k.key from unnest($10::text[], $11::text[]) as k(scope, key))
  returning 1
), result as (
  insert into command_results (command_id, stream_id, result)
  select $12, $1, $13::jsonb from s where $12::text is not null
  returning 1
), woken as (
  select pg_notify('${EVENTS_CHANNEL}', '') where $14::boolean
), counted as (
  insert into counters as c (scope, key, value)
  select k.scope, k.key, k.delta from s, unnest($15::text[], $16::text[], $17::bigint[]) as k(scope, key, delta)
  where cardinality($15::text[]) > 0
  on conflict (scope, key) do update set value = c.value + excluded.value
  returning c.scope, c.key, c.value
)
select (select version from s) as version, (select held from g) as guards_held,
       (select coalesce(array_agg(global_position::text order by stream_version), '{}') from e) as positions,
       (select count(*) from claimed) + (select count(*) from released)
         + (select count(*) from result) + (select count(*) from woken) as side_effects,
       (select bool_or(lf_counter_over_limit(c.scope, c.key, c.value - k.delta, k.max))
          from counted c join unnest($15::text[], $16::text[], $17::bigint[], $18::bigint[]) as k(scope, key, delta, max)
            on k.scope = c.scope and k.key = c.key
          where k.max is not null and c.value > k.max) as over_limit`,
};

// The reads are named prepared statements too.
const READ_STREAM = {
  name: 'lf_read_stream_v1',
  text: `select ${EVENT_COLUMNS} from events
         where stream_id = $1 and stream_version >= $2 and ($3::timestamptz is null or occurred_at <= $3)
         order by stream_version`,
};

// A command's reads in one round trip: its stream from a version on, and the answer stored
// under its command id if it ran before (a row whose event columns are null, sorted last).
const READ_FOR_COMMAND = {
  name: 'lf_read_for_command_v1',
  text: `select ${EVENT_COLUMNS}, null::jsonb as stored from events where stream_id = $1 and stream_version >= $2
         union all
         select null, null, null, null, null, null, null, null, null, result from command_results where command_id = $3
         order by stream_version`,
};

// Only transactions older than every running one are visible: a transaction that took a lower
// position but commits later is read when it commits, never skipped. The order is the table's
// columns, qualified: the select list's `transaction_id` is text (an xid8 does not fit a JS
// number), and an unqualified ORDER BY would sort by that text ('10' < '9'): not commit order
// once transaction ids gain a digit, and a sort of the whole table instead of an index walk.
const READ_AFTER = {
  name: 'lf_read_after_v1',
  text: `select ${EVENT_COLUMNS} from events
         where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           and (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         order by events.transaction_id, events.global_position
         limit $3`,
};

const COMMAND_RESULT = { name: 'lf_command_result_v1', text: 'select result from command_results where command_id = $1' };

// A command's stored answer carries the version it produced (handleCommand stores it so).
const versionIn = (result: unknown) =>
  typeof result === 'object' && result !== null && typeof (result as { version?: unknown }).version === 'number'
    ? (result as { version: number }).version : 0;

type PgError = Error & { code?: string; constraint?: string; detail?: string };

/**
 * One change per counter (an upsert may not touch a row twice), the tightest limit kept, in a
 * fixed order: appends that move the same counters lock their rows in the same order, so they
 * queue rather than deadlock.
 */
function mergedCounters(changes: CounterChange[]): CounterChange[] {
  const byKey = new Map<string, CounterChange>();
  for (const c of changes) {
    const id = JSON.stringify([c.scope, c.key]);
    const seen = byKey.get(id);
    const max = [seen?.max, c.max].filter((m): m is number => typeof m === 'number');
    byKey.set(id, { scope: c.scope, key: c.key, delta: (seen?.delta ?? 0) + c.delta, max: max.length > 0 ? Math.min(...max) : null });
  }
  // A limit bounds an increase only: a counter already past it (a lowered limit) may still come down.
  return [...byKey.values()].filter((c) => c.delta !== 0).map((c) => (c.delta > 0 ? c : { ...c, max: null })).sort((a, b) => (a.scope === b.scope ? (a.key < b.key ? -1 : 1) : a.scope < b.scope ? -1 : 1));
}

export function createPostgresEventStore(pool: Pool): EventStore {
  const wakeUp = createReaderWakeUp(() => pool.query(`select pg_notify('${EVENTS_CHANNEL}', '')`));
  const store: EventStore = {
    async append(req: AppendRequest): Promise<AppendResult> {
      if (req.events.length === 0) throw new Error('append needs at least one event');
      const meta = req.events.map((e) => JSON.stringify({
        ...req.metadata,
        schemaVersion: isEventType(e.type) ? currentSchemaVersion[e.type] : 1,
        commandId: req.commandId ?? null,
      }));
      const claim = req.claimKeys ?? [];
      const release = req.releaseKeys ?? [];
      const counters = mergedCounters(req.counters ?? []);
      const guards = req.guards ?? [];
      const ticket = wakeUp.begin();
      let outcome = { completed: false, appended: false };
      try {
        const { rows } = await pool.query<{ version: string | null; positions: string[]; guards_held: boolean }>({
          ...APPEND,
          values: [
            req.streamId, req.streamType, req.expectedVersion,
            req.events.map(() => randomUUID()), req.events.map((e) => e.type),
            req.events.map((e) => JSON.stringify(e.data)), meta,
            claim.map((k) => k.scope), claim.map((k) => k.key),
            release.map((k) => k.scope), release.map((k) => k.key),
            req.commandId ?? null, JSON.stringify(req.result ?? null), ticket.carries,
            counters.map((c) => c.scope), counters.map((c) => c.key), counters.map((c) => c.delta), counters.map((c) => c.max ?? null),
            guards.map((g) => g.streamId), guards.map((g) => g.version),
          ],
        });
        const row = rows[0];
        outcome = { completed: true, appended: row?.version != null };
        wakeUp.end(ticket, outcome);
        if (!row || row.version === null) {
          // A retry of a command that already landed decides against the newer state; its
          // stored answer wins over the conflict.
          const stored = req.commandId ? await store.commandResult(req.commandId) : null;
          if (stored) return { version: versionIn(stored.result), positions: [], result: stored.result, replayed: true };
          if (row && !row.guards_held) throw new StreamGuardMovedError(guards.map((g) => g.streamId));
          throw new VersionConflictError(req.streamId, req.expectedVersion);
        }
        return { version: Number(row.version), positions: row.positions, result: req.result ?? null, replayed: false };
      } catch (err) {
        if (!outcome.completed) wakeUp.end(ticket, outcome);
        const pgErr = err as PgError;
        if (pgErr.code === 'LFC02') {
          const d = JSON.parse(pgErr.detail ?? '{}') as { scope: string; key: string; current: number; max: number };
          throw new CounterLimitError(d.scope, d.key, Number(d.max), Number(d.current));
        }
        if (pgErr.code !== '23505') throw err;
        if (pgErr.constraint === 'command_results_pkey' && req.commandId) {
          const stored = await store.commandResult(req.commandId);
          if (stored) return { version: versionIn(stored.result), positions: [], result: stored.result, replayed: true };
        }
        if (pgErr.constraint === 'unique_keys_pkey') {
          const m = /\(scope, key\)=\((.*?), (.*)\) already exists/.exec(pgErr.detail ?? '');
          throw new UniqueKeyTakenError(m?.[1] ?? 'key', m?.[2] ?? '');
        }
        if (pgErr.constraint === 'events_pkey' || pgErr.constraint === 'streams_pkey') {
          throw new VersionConflictError(req.streamId, req.expectedVersion);
        }
        throw err;
      }
    },

    async readStream(streamId, { until, fromVersion = 1 } = {}) {
      const { rows } = await pool.query<EventRow>({ ...READ_STREAM, values: [streamId, fromVersion, until ?? null] });
      return rows.map(toRecordedEvent);
    },

    async readForCommand(streamId, { fromVersion = 1, commandId } = {}) {
      const { rows } = await pool.query<EventRow & { stored: unknown }>({
        ...READ_FOR_COMMAND, values: [streamId, fromVersion, commandId ?? null],
      });
      const storedRow = rows.find((r) => r.stream_id === null);
      return {
        events: rows.filter((r) => r.stream_id !== null).map(toRecordedEvent),
        stored: storedRow ? { result: storedRow.stored } : null,
      };
    },

    async readAfter(after: LogPosition, limit: number) {
      const { rows } = await pool.query<EventRow>({ ...READ_AFTER, values: [after.transactionId, after.globalPosition, limit] });
      return rows.map(toRecordedEvent);
    },

    async commandResult(commandId) {
      const { rows } = await pool.query<{ result: unknown }>({ ...COMMAND_RESULT, values: [commandId] });
      return rows[0] ? { result: rows[0].result } : null;
    },

    nextId: (kind) => store.reserveIds(kind, 1),

    async reserveIds(kind, count) {
      const { rows } = await pool.query<{ last_id: string }>(
        `insert into entity_ids (kind, last_id) values ($1, $2)
         on conflict (kind) do update set last_id = entity_ids.last_id + $2 returning last_id`, [kind, count]);
      return Number(rows[0]!.last_id) - count + 1;
    },
  };
  return timedAppends(store);
}

/** Append latency by outcome, and events appended, for this process's metrics. */
function timedAppends(store: EventStore): EventStore {
  const append = store.append;
  store.append = async (req) => {
    const done = metrics.appendDuration.startTimer();
    try {
      const result = await append(req);
      done({ outcome: 'ok' });
      if (!result.replayed) metrics.eventsAppended.inc(req.events.length);
      return result;
    } catch (err) {
      done({ outcome: err instanceof VersionConflictError || err instanceof StreamGuardMovedError ? 'conflict' : 'error' });
      throw err;
    }
  };
  return store;
}
