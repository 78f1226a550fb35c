import type { PoolClient } from '../postgres/pool';
import type { Projection, Tables } from './types';

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe table name: ${name}`);
  return `"${name}"`;
};

export const tablesWithSuffix = <K extends string>(tables: Tables<K>, suffix: string): Tables<K> =>
  Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, `${t}${suffix}`])) as Tables<K>;

/**
 * Takes a projection's lock for the rest of the transaction, without taking a transaction id:
 * creating its tables, a live batch (before it touches the tables) and a replay's swap take it.
 */
/** The advisory lock key of a projection's writers: its batches, its table creation, a replay's swap. */
export const projectionLockKey = (name: string) => `projection:${name}`;

/**
 * A batch's BEGIN that also takes the projection's writer lock, in one round trip (a
 * multi-statement string carries no parameters, so the name is checked instead). Every writer
 * of a projection's tables holds it: one projector instance's batch at a time, whatever its
 * source, and never during a replay's swap.
 */
export function beginLocked(name: string): string {
  const key = projectionLockKey(name);
  if (!/^[\w:.-]+$/.test(key)) throw new Error(`not a plain name: ${key}`);
  return `begin; select pg_advisory_xact_lock(hashtext('${key}'))`;
}

export async function lockProjection(db: PoolClient, name: string): Promise<void> {
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(name)]);
}

/**
 * Creates a projection's live tables and its checkpoint on first start (under a lock, so two
 * projector instances starting together do not race). A projection whose tables are missing
 * starts over from the beginning of the log.
 */
export async function ensureProjectionTables(db: PoolClient, projection: Projection): Promise<void> {
  await db.query('begin');
  try {
    await lockProjection(db, projection.name);
    const first = Object.values(projection.tables)[0] as string;
    const { rows } = await db.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [first]);
    if (!rows[0]?.exists) {
      await projection.createTables(db, projection.tables);
      await db.query('delete from checkpoints where name = $1', [projection.name]);
      await db.query('delete from partition_checkpoints where name = $1', [projection.name]);
    }
    await db.query('insert into checkpoints (name) values ($1) on conflict do nothing', [projection.name]);
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => {});
    throw err;
  }
}

export async function dropTables(db: PoolClient, tables: Tables): Promise<void> {
  for (const t of Object.values(tables)) await db.query(`drop table if exists ${ident(t)} cascade`);
}

/**
 * Drops the tables' indexes that back no constraint and returns their definitions: a bulk load
 * into fresh tables runs faster without them, and `createIndexes` builds them afterwards.
 */
export async function detachSecondaryIndexes(db: PoolClient, tables: Tables): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as def
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = any($1::text[]::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
     order by i.relname`, [Object.values(tables)]);
  for (const r of rows) await db.query(`drop index ${ident(r.name)}`);
  return rows.map((r) => r.def);
}

export async function createIndexes(db: PoolClient, definitions: string[]): Promise<void> {
  for (const def of definitions) await db.query(def);
}

/** Renames each `from` table (and its indexes and constraints) to the matching `to` name. */
export async function renameTables(db: PoolClient, from: Tables, to: Tables): Promise<void> {
  for (const [k, src] of Object.entries(from)) {
    const dst = to[k] as string;
    const { rows } = await db.query<{ indexname: string }>(
      'select indexname from pg_indexes where schemaname = current_schema() and tablename = $1', [src]);
    await db.query(`alter table ${ident(src)} rename to ${ident(dst)}`);
    for (const { indexname } of rows) {
      if (indexname.startsWith(src)) {
        const renamed = `${dst}${indexname.slice(src.length)}`;
        await db.query(`alter index ${ident(indexname)} rename to ${ident(renamed)}`);
      }
    }
  }
}

/**
 * An ordered hash of every row of every table: equal hashes mean equal contents, whatever the
 * physical order. Used to check a rebuild against the live read model.
 */
export async function tablesHash(db: PoolClient, tables: Tables): Promise<{ rows: number; hash: string }> {
  let rows = 0;
  const parts: string[] = [];
  for (const key of Object.keys(tables).sort()) {
    const t = ident(tables[key] as string);
    const { rows: r } = await db.query<{ n: string; h: string }>(
      `select count(*) as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from ${t} x`);
    rows += Number(r[0]!.n);
    parts.push(`${key}:${r[0]!.h}`);
  }
  const { rows: h } = await db.query<{ h: string }>('select md5($1) as h', [parts.join('|')]);
  return { rows, hash: h[0]!.h };
}
