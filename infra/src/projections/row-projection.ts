import type { RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '../postgres/pool';
import type { Projection, Tables } from './types';

/** A read-model row keyed by one entity that reflects that entity's stream up to `version`. */
export type VersionedRow = { version: number };

/** Rows a replay folds in memory before writing them out (and reading back those it needs again). */
const HELD_ROWS = 100_000;
/** Rows per insert statement. */
const WRITE_CHUNK = 5_000;

/**
 * A projection whose table holds one row per entity, built by folding that entity's events.
 * Each batch loads the touched rows once (by primary key), folds the events in memory and
 * writes every changed row back in one statement. A replay folds in memory across batches and
 * writes each row about once. A row records the stream version it reflects, and events at or
 * below it are skipped, so redelivery changes nothing.
 */
export function rowProjection<Row extends VersionedRow>(spec: {
  name: string;
  table: string;
  keyColumn: keyof Row & string;
  createTables(db: PoolClient, tables: Tables<'rows'>): Promise<void>;
  handles: readonly string[];
  /** Which row an event belongs to (null: not this projection's concern). */
  keyOf(event: RecordedEvent): string | number | null;
  /** The row after the event; null deletes it. Must derive everything from the event. */
  reduce(row: Row | null, event: RecordedEvent): Row | null;
}): Projection<'rows'> {
  const key = `"${spec.keyColumn}"`;
  // Keys travel as records of the table's own type, and `= any(array(...))` lets the primary
  // key's index find them (an `in (select ...)` over the same records plans a scan of the table).
  const keyMatch = (table: string) =>
    `${key} = any(array(select k.${key} from jsonb_populate_recordset(null::${table}, $1::jsonb) k))`;
  const keyed = (ks: string[]) => JSON.stringify(ks.map((k) => ({ [spec.keyColumn]: k })));

  const keysOf = (events: RecordedEvent[]) => [...new Set(events.map(spec.keyOf).filter((k) => k !== null).map(String))];

  async function readRows(db: PoolClient, table: string, keys: string[], into: Map<string, Row | null>) {
    if (keys.length === 0) return;
    const { rows } = await db.query<{ row: Row }>(`select to_jsonb(t) as row from ${table} t where ${keyMatch(table)}`, [keyed(keys)]);
    for (const r of rows) into.set(String(r.row[spec.keyColumn]), r.row);
  }

  /** Folds `events` into `current` (missing key: no row yet); returns the keys it changed. */
  function fold(events: RecordedEvent[], current: Map<string, Row | null>): Set<string> {
    const touched = new Set<string>();
    for (const e of events) {
      const k = spec.keyOf(e);
      if (k === null) continue;
      const id = String(k);
      const before = current.get(id) ?? null;
      if (before && e.streamVersion <= before.version) continue;
      const after = spec.reduce(before, e);
      current.set(id, after && (after.version === e.streamVersion ? after : { ...after, version: e.streamVersion }));
      touched.add(id);
    }
    return touched;
  }

  async function writeRows(db: PoolClient, table: string, rows: Row[], existing: 'upsert' | 'new') {
    for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
      const chunk = rows.slice(i, i + WRITE_CHUNK);
      const cols = Object.keys(chunk[0]!).map((c) => `"${c}"`);
      const onConflict = existing === 'upsert'
        ? `on conflict (${key}) do update set (${cols.join(', ')}) = (${cols.map((c) => `excluded.${c}`).join(', ')})` : '';
      await db.query(
        `insert into ${table} (${cols.join(', ')})
         select ${cols.join(', ')} from jsonb_populate_recordset(null::${table}, $1::jsonb) ${onConflict}`,
        [JSON.stringify(chunk)]);
    }
  }

  async function deleteRows(db: PoolClient, table: string, keys: string[]) {
    if (keys.length > 0) await db.query(`delete from ${table} where ${keyMatch(table)}`, [keyed(keys)]);
  }

  return {
    name: spec.name,
    tables: { rows: spec.table },
    createTables: spec.createTables,
    handles: spec.handles,
    async apply(db, events, tables) {
      const table = `"${tables.rows}"`;
      const keys = keysOf(events);
      if (keys.length === 0) return;
      const current = new Map<string, Row | null>();
      await readRows(db, table, keys, current);
      const touched = [...fold(events, current)];
      await writeRows(db, table, touched.map((k) => current.get(k)).filter((r): r is Row => r !== null && r !== undefined), 'upsert');
      await deleteRows(db, table, touched.filter((k) => current.get(k) === null));
    },
    load(tables, { heldRows = HELD_ROWS } = {}) {
      const table = `"${tables.rows}"`;
      // Rows folded since the last write-out, and the keys whose rows are in the table.
      const held = new Map<string, Row | null>();
      const stored = new Set<string>();
      const writeOut = async (db: PoolClient) => {
        const rows = [...held];
        const live = (r: [string, Row | null]): r is [string, Row] => r[1] !== null;
        await writeRows(db, table, rows.filter((r) => live(r) && !stored.has(r[0])).map((r) => r[1]!), 'new');
        await writeRows(db, table, rows.filter((r) => live(r) && stored.has(r[0])).map((r) => r[1]!), 'upsert');
        await deleteRows(db, table, rows.filter((r) => !live(r) && stored.has(r[0])).map(([k]) => k));
        for (const [k, r] of rows) {
          if (r) stored.add(k);
          else stored.delete(k);
        }
        held.clear();
      };
      return {
        async apply(db, events) {
          await readRows(db, table, keysOf(events).filter((k) => !held.has(k) && stored.has(k)), held);
          fold(events, held);
          if (held.size >= heldRows) await writeOut(db);
        },
        finish: writeOut,
      };
    },
  };
}
