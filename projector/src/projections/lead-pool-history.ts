import { eventTime, type RecordedEvent } from '@leadfloor/events';
import { copyRows } from '@leadfloor/infra/postgres/copy-rows';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';
import { leadPool, leadPoolRowAfter, type LeadPoolRow } from './lead-pool';

/**
 * One version of a lead's pool row, and the span of time it was the lead: from the event that
 * made it (`valid_from`) until the next event of the lead (`valid_to`, 'infinity' while it is
 * the lead as it is now). "The pool at T" is every row whose span holds T.
 */
export type LeadPoolVersion = LeadPoolRow & { valid_from: string; valid_to: string; auto_release_exempt: boolean };

export const OPEN_END = 'infinity';

/** The lead's latest stored version (its row, null once it left the floor) and its stream version. */
type Latest = { version: number; row: LeadPoolVersion | null };

const leadIdOf = (e: RecordedEvent) => (e.streamId.startsWith('lead-') ? Number(e.streamId.slice(5)) : null);
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
const versionKey = (r: { id: number; version: number }) => `${r.id}:${r.version}`;

// The exemption is no column of the live pool (lead_auto_release_v1 keeps it), but a lead as it
// was shows whether it was exempt then, as the single lead's as-of read does.
const exemptAfter = (before: boolean, e: RecordedEvent) =>
  e.type === 'LeadAutoReleaseExempted' ? true : e.type === 'LeadAutoReleaseExemptionLifted' ? false : before;

/**
 * Folds one event into the lead's history: the version it ends (with its end set) and the one it
 * starts. Events at or below the latest version are ones already applied (redelivery): null.
 * An event dated before the version it follows (clocks of two command services apart) starts
 * when that version started, so spans never run backwards and "the latest event at or before T"
 * stays the row shown at T.
 */
export function advance(latest: Latest | undefined, e: RecordedEvent): { ended: LeadPoolVersion | null; next: Latest } | null {
  if (latest && e.streamVersion <= latest.version) return null;
  const before = latest?.row ?? null;
  const at = eventTime(e).toISOString();
  const from = before ? later(at, before.valid_from) : at;
  const { valid_from: _f, valid_to: _t, auto_release_exempt: exempt = false, ...poolRow } = before ?? ({} as Partial<LeadPoolVersion>);
  const after = leadPoolRowAfter(before ? (poolRow as LeadPoolRow) : null, e);
  const ended = before ? { ...before, valid_to: from } : null;
  const row = after
    ? { ...after, version: e.streamVersion, valid_from: from, valid_to: OPEN_END, auto_release_exempt: exemptAfter(before ? exempt : false, e) }
    : null;
  return { ended, next: { version: e.streamVersion, row } };
}

const WRITE_CHUNK = 5_000;

async function insertVersions(db: PoolClient, table: string, rows: LeadPoolVersion[]) {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const chunk = rows.slice(i, i + WRITE_CHUNK);
    const cols = Object.keys(chunk[0]!).map((c) => `"${c}"`).join(', ');
    // A version is written once: one already there (a redelivered batch) is left as it is.
    await db.query(
      `insert into "${table}" (${cols}) select ${cols} from jsonb_populate_recordset(null::"${table}", $1::jsonb)
       on conflict (id, version) do nothing`, [JSON.stringify(chunk)]);
  }
}

async function endVersions(db: PoolClient, table: string, ends: { id: number; version: number; valid_to: string }[]) {
  if (ends.length === 0) return;
  await db.query(
    `update "${table}" h set valid_to = x.valid_to
     from jsonb_to_recordset($1::jsonb) as x(id int, version int, valid_to timestamptz)
     where h.id = x.id and h.version = x.version`, [JSON.stringify(ends)]);
}

/**
 * The index that finds the versions valid at an instant: an SP-GiST index on the span that also
 * carries the columns the pool's counts filter on most (the tabs' status and holder, type, stage,
 * priority, the drip's lead id). "How many leads, per type, matched then" is then read from the
 * index alone (an index-only scan), never from the table's far wider rows; the span's bounds are
 * carried too, as PostgreSQL needs every column a query names in the index to skip the table.
 */
export const spanIndexSql = (t: string) =>
  `create index on "${t}" using spgist (tstzrange(valid_from, valid_to, '[)'))
   include (valid_from, valid_to, id, lead_type, status, stage, priority, claimed_by)`;

/**
 * An index-only scan skips only table pages the visibility map marks all-visible; versions are
 * ended (updated) and added all the time, so the table is vacuumed after 2 % of it changed, not
 * PostgreSQL's default 20 %, which keeps the recent past readable from the index too.
 */
export const vacuumSettingsSql = (t: string) =>
  `alter table "${t}" set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02)`;

/**
 * The lead pool with its past: every version of every lead's row with the span it held, written
 * alongside the live pool from the same events and the same fold (`leadPoolRowAfter`, i.e.
 * `evolveLead`). The span's index answers "rows valid at T" without reading the log.
 */
export const leadPoolHistory: Projection<'versions'> = {
  name: 'lead_pool_history_v1',
  tables: { versions: 'lead_pool_history_v1' },
  handles: leadPool.handles,
  async createTables(db, { versions: t }) {
    await db.query(`
      create table "${t}" (
        id int not null, version int not null,
        valid_from timestamptz not null, valid_to timestamptz not null,
        name text not null, email text not null, phone text not null, address text,
        city text not null, state text not null, lead_type text not null, status text not null,
        source text, notes text, tags text[] not null default '{}', priority text not null,
        stage text not null, score int, scored_at timestamptz, next_follow_up timestamptz,
        last_contacted_at timestamptz, claimed_by int, claimed_at timestamptz, created_by int,
        created_at timestamptz not null, updated_at timestamptz not null,
        auto_release_exempt boolean not null default false,
        -- Last, as migration 021 added them to tables made before.
        funnel_source text, funnel_campaign_id text,
        primary key (id, version),
        check (valid_from <= valid_to)
      );
      create unique index on "${t}" (id) where valid_to = '${OPEN_END}';
      ${spanIndexSql(t)};
      create index on "${t}" (created_at desc, id desc, valid_from);
      ${vacuumSettingsSql(t)};
    `);
  },
  async apply(db, events, { versions: t }) {
    const ids = [...new Set(events.map(leadIdOf).filter((k): k is number => k !== null))];
    if (ids.length === 0) return;
    const { rows } = await db.query<{ row: LeadPoolVersion }>(
      `select distinct on (id) to_jsonb(h) as row from "${t}" h where id = any($1::int[]) order by id, version desc`, [ids]);
    const latest = new Map<number, Latest>();
    const stored = new Set<string>();
    for (const { row } of rows) {
      latest.set(row.id, { version: row.version, row: row.valid_to === OPEN_END ? row : null });
      stored.add(versionKey(row));
    }
    const ends: { id: number; version: number; valid_to: string }[] = [];
    const fresh = new Map<string, LeadPoolVersion>();
    for (const e of events) {
      const id = leadIdOf(e);
      if (id === null) continue;
      const step = advance(latest.get(id), e);
      if (!step) continue;
      if (step.ended) {
        const k = versionKey(step.ended);
        if (stored.has(k)) ends.push({ id: step.ended.id, version: step.ended.version, valid_to: step.ended.valid_to });
        else fresh.set(k, step.ended);
      }
      if (step.next.row) fresh.set(versionKey(step.next.row), step.next.row);
      latest.set(id, step.next);
    }
    // Ends first: the unique index on the open version of a lead must see the old one closed.
    await endVersions(db, t, ends);
    if (fresh.size > 0) await insertVersions(db, t, [...fresh.values()]);
  },
  // A replay folds in memory and writes each version once, when it ends (open ones at the
  // finish), with COPY: the copy is the replay's own, so nothing there can conflict. A write
  // runs while the next batches are folded (the server inserts while this process folds); the
  // next write, and the finish, wait for it first. `heldRows`: ended versions held before a write.
  load({ versions: t }, { heldRows = WRITE_CHUNK * 4 } = {}) {
    const latest = new Map<number, Latest>();
    let ended: LeadPoolVersion[] = [];
    let writing: Promise<void> = Promise.resolve();
    const write = (db: PoolClient, rows: LeadPoolVersion[]) => {
      const done = writing.then(() => (rows.length > 0
        ? copyRows(db, t, Object.keys(rows[0]!) as (keyof LeadPoolVersion & string)[], rows) : undefined));
      done.catch(() => {}); // awaited by the next write or the finish
      writing = done;
    };
    return {
      async apply(db, events) {
        for (const e of events) {
          const id = leadIdOf(e);
          if (id === null) continue;
          const step = advance(latest.get(id), e);
          if (!step) continue;
          if (step.ended) ended.push(step.ended);
          latest.set(id, step.next);
        }
        if (ended.length >= heldRows) {
          await writing;
          write(db, ended);
          ended = [];
        }
      },
      async finish(db) {
        const open = [...latest.values()].flatMap((l) => (l.row ? [l.row] : []));
        write(db, [...ended, ...open]);
        ended = [];
        await writing;
      },
    };
  },
};
