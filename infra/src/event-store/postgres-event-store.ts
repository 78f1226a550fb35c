import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { currentSchemaVersion, isEventType } from '@leadfloor/events';
import { metrics } from '../metrics/metrics';
import type { Pool } from '../postgres/pool';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './recorded-event-row';
import { CounterLimitError, StreamGuardMovedError, UniqueKeyTakenError, VersionConflictError } from './errors';
import { createGroupCommit, type GroupOutcome } from './group-commit';
import { createReaderWakeUp } from './reader-wake-up';
import type { AppendRequest, AppendResult, CounterChange, EventStore, LogPosition } from './types';

export const EVENTS_CHANNEL = 'lf_events';

// An append is ONE statement, so it is atomic without an explicit transaction and costs one
// round trip: `lf_append` (migration 018) bumps the stream's version by compare-and-set
// (concurrent appenders at the same expected version block on the row, re-check, and all but one
// find no row), inserts the events only if that succeeded, and claims/releases unique keys and
// stores the command's result in the same statement. Counters move in it too: each upsert locks
// its counter's row and sees the latest committed value, and an increase past its limit raises
// (lf_counter_over_limit, SQLSTATE LFC02), which undoes the whole append, so a limit that spans
// streams (a cap on an agent's active leads) holds under any interleaving without a read before
// the write. Guards are other streams the decision was built on (the floor's pool policy for a
// claim's cap), each at the version read: the append happens only while every one of them is
// still there (a stream never written counts as version 0), so a change to them committed before
// the append always counts, and the caller may read them from memory.
//
// A lone append calls it in a named prepared statement (planned once per connection), which may
// also carry the NOTIFY that wakes log readers (see reader-wake-up.ts). Appends that arrive while
// MAX_IN_FLIGHT statements are running wait and go together, each in a subtransaction of one
// `lf_append_batch` statement (group commit, group-commit.ts): one round trip and one commit for
// the group, and a failing append fails alone.
const APPEND = {
  name: 'lf_append_v4',
  text: `select a.appended_version as version, a.appended_positions as positions, a.guards_held,
                case when $20::boolean then pg_notify('${EVENTS_CHANNEL}', '') end is null as woke
         from lf_append($1, $2, $3::bigint, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::text[], $9::text[],
                        $10::text[], $11::text[], $12::text, $13::jsonb, $14::text[], $15::text[], $16::bigint[], $17::bigint[],
                        $18::text[], $19::bigint[]) as a`,
};
const APPEND_BATCH = {
  name: 'lf_append_batch_v1',
  text: `select ord, appended_version as version, appended_positions as positions, guards_held, failed_state, failed_constraint, failed_detail
         from lf_append_batch($1::jsonb, $2::boolean) order by ord`,
};
/** Append statements (lone or grouped) running at once per store, before appends wait to be grouped. */
const MAX_IN_FLIGHT = 4;
const MAX_GROUP = 64;

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
const DEADLOCK_DETECTED = '40P01';

type AppendRow = { version: string | null; positions: string[]; guards_held: boolean | null };
/** What one append's statement came back with: its row, or the database's refusal of it. */
type StatementOutcome = { row: AppendRow | undefined } | { failed: PgError };

/** An append as its statement takes it (and as the group statement reads it, by these names, from JSON). */
type PreparedAppend = {
  streamId: string; streamType: string; expectedVersion: number;
  ids: string[]; types: string[]; data: unknown[]; meta: unknown[];
  claimScopes: string[]; claimKeys: string[]; releaseScopes: string[]; releaseKeys: string[];
  commandId: string | null; result: unknown;
  counterScopes: string[]; counterKeys: string[]; counterDeltas: number[]; counterMax: (number | null)[];
  guardIds: string[]; guardVersions: number[];
};

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

  /** One append, alone in its statement; a database error is its outcome, not thrown. */
  const appendAlone = async (a: PreparedAppend): Promise<StatementOutcome> => {
    const ticket = wakeUp.begin();
    try {
      const { rows } = await pool.query<AppendRow>({
        ...APPEND,
        values: [
          a.streamId, a.streamType, a.expectedVersion, a.ids, a.types, a.data.map((d) => JSON.stringify(d)), a.meta.map((m) => JSON.stringify(m)),
          a.claimScopes, a.claimKeys, a.releaseScopes, a.releaseKeys, a.commandId, JSON.stringify(a.result),
          a.counterScopes, a.counterKeys, a.counterDeltas, a.counterMax, a.guardIds, a.guardVersions, ticket.carries,
        ],
      });
      const row = rows[0];
      wakeUp.end(ticket, { completed: true, appended: row?.version != null });
      return { row };
    } catch (err) {
      wakeUp.end(ticket, { completed: false, appended: false });
      if (err instanceof pg.DatabaseError) return { failed: err };
      throw err;
    }
  };

  /** Several appends in one statement and one transaction, each undone alone if it fails. */
  const appendGroup = async (group: PreparedAppend[]): Promise<GroupOutcome<StatementOutcome>[]> => {
    // Streams' rows are locked in one order by every group, so two groups never wait on each other in a cycle.
    const order = group.map((a, i) => ({ a, i })).sort((x, y) => (x.a.streamId < y.a.streamId ? -1 : x.a.streamId > y.a.streamId ? 1 : x.i - y.i));
    const ticket = wakeUp.begin();
    let rows: (AppendRow & { ord: number; failed_state: string | null; failed_constraint: string | null; failed_detail: string | null })[];
    try {
      ({ rows } = await pool.query({ ...APPEND_BATCH, values: [JSON.stringify(order.map((o) => o.a)), ticket.carries] }));
    } catch (err) {
      wakeUp.end(ticket, { completed: false, appended: false });
      throw err;
    }
    wakeUp.end(ticket, { completed: true, appended: rows.some((r) => r.version != null) });
    const outcomes: GroupOutcome<StatementOutcome>[] = group.map(() => ({ ok: false, error: new Error('append missing from its group\'s answer') }));
    for (const r of rows) {
      const at = order[r.ord - 1]!.i;
      outcomes[at] = {
        ok: true,
        value: r.failed_state === null ? { row: r } : {
          failed: Object.assign(new Error(`append failed (${r.failed_state})`), {
            code: r.failed_state, constraint: r.failed_constraint ?? undefined, detail: r.failed_detail ?? undefined,
          }),
        },
      };
    }
    return outcomes;
  };

  const run = createGroupCommit({ maxInFlight: MAX_IN_FLIGHT, maxGroup: MAX_GROUP, one: appendAlone, many: appendGroup });

  const store: EventStore = {
    async append(req: AppendRequest): Promise<AppendResult> {
      if (req.events.length === 0) throw new Error('append needs at least one event');
      const claim = req.claimKeys ?? [];
      const release = req.releaseKeys ?? [];
      const counters = mergedCounters(req.counters ?? []);
      const guards = req.guards ?? [];
      const outcome = await run({
        streamId: req.streamId, streamType: req.streamType, expectedVersion: req.expectedVersion,
        ids: req.events.map(() => randomUUID()), types: req.events.map((e) => e.type), data: req.events.map((e) => e.data),
        meta: req.events.map((e) => ({
          ...req.metadata,
          schemaVersion: isEventType(e.type) ? currentSchemaVersion[e.type] : 1,
          commandId: req.commandId ?? null,
        })),
        claimScopes: claim.map((k) => k.scope), claimKeys: claim.map((k) => k.key),
        releaseScopes: release.map((k) => k.scope), releaseKeys: release.map((k) => k.key),
        commandId: req.commandId ?? null, result: req.result ?? null,
        counterScopes: counters.map((c) => c.scope), counterKeys: counters.map((c) => c.key),
        counterDeltas: counters.map((c) => c.delta), counterMax: counters.map((c) => c.max ?? null),
        guardIds: guards.map((g) => g.streamId), guardVersions: guards.map((g) => g.version),
      });
      if ('row' in outcome) {
        const row = outcome.row;
        if (row && row.version !== null) {
          return { version: Number(row.version), positions: row.positions, result: req.result ?? null, replayed: false };
        }
        // A retry of a command that already landed decides against the newer state; its
        // stored answer wins over the conflict.
        const stored = req.commandId ? await store.commandResult(req.commandId) : null;
        if (stored) return { version: versionIn(stored.result), positions: [], result: stored.result, replayed: true };
        if (row && row.guards_held === false) throw new StreamGuardMovedError(guards.map((g) => g.streamId));
        throw new VersionConflictError(req.streamId, req.expectedVersion);
      }
      const pgErr = outcome.failed;
      if (pgErr.code === 'LFC02') {
        const d = JSON.parse(pgErr.detail ?? '{}') as { scope: string; key: string; current: number; max: number };
        throw new CounterLimitError(d.scope, d.key, Number(d.max), Number(d.current));
      }
      // Two appends that each waited on a row the other held (one of them undone): nothing of
      // this one was written, so it is decided again like any lost race.
      if (pgErr.code === DEADLOCK_DETECTED) throw new VersionConflictError(req.streamId, req.expectedVersion);
      if (pgErr.code !== '23505') throw pgErr;
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
      throw pgErr;
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
