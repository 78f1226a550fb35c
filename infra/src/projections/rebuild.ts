import { LOG_START, type EventStore, type LogPosition } from '../event-store/types';
import type { Pool, PoolClient } from '../postgres/pool';
import { compareLogPositions } from './log-order';
import { positionOf } from './postgres-tail-source';
import { createIndexes, detachSecondaryIndexes, dropTables, lockProjection, renameTables, tablesHash, tablesWithSuffix } from './tables';
import type { LoaderOptions, Projection, TableLoader, Tables } from './types';

export type RebuildProgress = { events: number; position: LogPosition };
type Common = {
  pool: Pool; store: EventStore; batchSize?: number; onProgress?(p: RebuildProgress): void;
  /** Passed to the projections' loaders (how much they hold in memory). */
  loader?: LoaderOptions;
};
type Options = Common & { projection: Projection };
type ManyOptions = Common & { projections: Projection[] };
export type ReplayResult = { name: string; events: number; rows: number; hash: string };
export type CheckResult = {
  name: string; equal: boolean; live: { rows: number; hash: string }; rebuilt: { rows: number; hash: string }; position: LogPosition;
};

/** Events per read of the log: big batches, since every projection takes each one in turn. */
export const REPLAY_BATCH = 20_000;

/** A projection being rebuilt into its own copy of its tables, on a connection of its own. */
type Target = { projection: Projection; tables: Tables; db: PoolClient; handles: Set<string>; loader?: TableLoader; deferredIndexes: string[] };

/**
 * The log after `from` in commit order, in batches, stopping after `until` if given. The next
 * batch is read while the caller works on the current one.
 */
async function* logBatches(store: EventStore, from: LogPosition, batchSize: number, until?: LogPosition) {
  const read = (after: LogPosition) => {
    const p = store.readAfter(after, batchSize);
    p.catch(() => {}); // awaited below; a prefetch the caller never asks for must not go unhandled
    return p;
  };
  let next = read(from);
  for (;;) {
    const raw = await next;
    const batch = until ? raw.filter((e) => compareLogPositions(positionOf(e), until) <= 0) : raw;
    if (batch.length === 0) return;
    if (batch.length === raw.length) next = read(positionOf(batch[batch.length - 1]!));
    yield batch;
    if (batch.length < raw.length) return;
  }
}

/** Runs `fn` for every target at once; waits for all of them before reporting the first failure. */
async function eachTarget(targets: Target[], fn: (t: Target) => Promise<unknown>) {
  const outcomes = await Promise.allSettled(targets.map(fn));
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Reads the log once from `from` and hands each batch to every target (in parallel: each has
 * its own connection), through its loader while `bulk`, else through the projection's apply.
 */
async function feed(o: Common, targets: Target[], from: LogPosition, mode: { bulk: boolean; until?: LogPosition; report?: boolean }) {
  let position = from;
  let events = 0;
  for await (const batch of logBatches(o.store, from, o.batchSize ?? REPLAY_BATCH, mode.until)) {
    await eachTarget(targets, async (t) => {
      const relevant = batch.filter((e) => t.handles.has(e.type));
      if (relevant.length === 0) return;
      if (mode.bulk && t.loader) await t.loader.apply(t.db, relevant);
      else await t.projection.apply(t.db, relevant, t.tables);
    });
    position = positionOf(batch[batch.length - 1]!);
    events += batch.length;
    if (mode.report) o.onProgress?.({ events, position });
  }
  return { position, events };
}

/** Whether the log holds an event of one of `types` after `from`, up to `until`. */
async function handlesAnyBetween(store: EventStore, types: Set<string>, from: LogPosition, until: LogPosition) {
  for await (const batch of logBatches(store, from, REPLAY_BATCH, until)) {
    if (batch.some((e) => types.has(e.type))) return true;
  }
  return false;
}

async function inTransaction<T>(db: PoolClient, fn: () => Promise<T>): Promise<T> {
  await db.query('begin');
  try {
    const r = await fn();
    await db.query('commit');
    return r;
  } catch (err) {
    await db.query('rollback').catch(() => {});
    throw err;
  }
}

/**
 * Locks the projection and its live checkpoint(s) for the rest of the transaction and returns
 * how far the live tables are. The projection's lock comes first, as in a live batch (which
 * takes it before touching the tables and moves the checkpoint last).
 */
async function lockLivePosition(db: PoolClient, name: string): Promise<LogPosition> {
  await lockProjection(db, name);
  await db.query('insert into checkpoints (name) values ($1) on conflict do nothing', [name]);
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text, global_position::text from checkpoints where name = $1 for update`, [name]);
  const { rows: parts } = await db.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text, global_position::text from partition_checkpoints where name = $1 for update`, [name]);
  return [...rows, ...parts]
    .map((r) => ({ transactionId: r.transaction_id, globalPosition: r.global_position }))
    .reduce((a, b) => (compareLogPositions(a, b) >= 0 ? a : b), LOG_START);
}

/**
 * Creates each projection's tables under `suffix` and fills them from the whole log in one read
 * of it: through the projection's loader where it has one (secondary indexes built after the
 * load), else through its apply. The load commits asynchronously: until the swap nothing reads
 * these tables, and a crash leaves only copies that the next replay drops.
 */
async function loadCopies(o: ManyOptions, suffix: string, { indexes }: { indexes: boolean }) {
  const targets: Target[] = [];
  const release = async () => {
    for (const t of targets) {
      await t.db.query('reset synchronous_commit').catch(() => {});
      t.db.release();
    }
  };
  try {
    for (const projection of o.projections) {
      const db = await o.pool.connect();
      const tables = tablesWithSuffix(projection.tables, suffix);
      const target: Target = { projection, tables, db, handles: new Set(projection.handles), loader: projection.load?.(tables, o.loader), deferredIndexes: [] };
      targets.push(target);
      await db.query('set synchronous_commit = off');
      await dropTables(db, tables);
      await projection.createTables(db, tables);
      if (target.loader) target.deferredIndexes = await detachSecondaryIndexes(db, tables);
    }
    const loaded = await feed(o, targets, LOG_START, { bulk: true, report: true });
    await eachTarget(targets, async (t) => {
      await t.loader?.finish(t.db);
      if (indexes) await createIndexes(t.db, t.deferredIndexes);
      for (const table of Object.values(t.tables)) await t.db.query(`analyze "${table}"`);
    });
    return { targets, release, ...loaded };
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * Replay: rebuilds the projections from the start of the log into fresh tables, reading the log
 * once for all of them, then, for each one, holding its live checkpoint so its live runner
 * pauses, catches up the last events and swaps the new tables in. The live runner's next
 * compare-and-set fails and it resumes from the new position.
 */
export async function replayProjections(o: ManyOptions): Promise<ReplayResult[]> {
  const copies = await loadCopies(o, '__rebuild', { indexes: true });
  try {
    const { targets } = copies;
    // what was committed during the load, before any live runner is paused
    const caughtUp = await feed(o, targets, copies.position, { bulk: false });
    const results = new Map<Target, ReplayResult>();
    await eachTarget(targets, async (t) => {
      // hashed ahead, outside the lock; hashed again below only if the last catch-up changes the tables
      const early = await tablesHash(t.db, t.tables);
      const { projection, db } = t;
      results.set(t, await inTransaction(db, async () => {
        await db.query('set local synchronous_commit = on');
        await lockLivePosition(db, projection.name);
        const tail = await feed(o, [t], caughtUp.position, { bulk: false });
        const p = tail.position;
        await dropTables(db, projection.tables);
        await renameTables(db, t.tables, projection.tables);
        await db.query(
          `update checkpoints set transaction_id = $2::text::xid8, global_position = $3, updated_at = now() where name = $1`,
          [projection.name, p.transactionId, p.globalPosition]);
        // Kafka-fed runners skip what the rebuild already holds: every message at or below it.
        await db.query(
          `update partition_checkpoints set transaction_id = $2::text::xid8, global_position = $3
           where name = $1 and (transaction_id, global_position) < ($2::text::xid8, $3::bigint)`,
          [projection.name, p.transactionId, p.globalPosition]);
        const h = tail.events === 0 ? early : await tablesHash(db, projection.tables);
        return { name: projection.name, events: copies.events + caughtUp.events + tail.events, ...h };
      }));
    });
    return targets.map((t) => results.get(t)!);
  } finally {
    await copies.release();
  }
}

export async function replayProjection(o: Options): Promise<{ events: number; rows: number; hash: string }> {
  const [r] = await replayProjections({ ...o, projections: [o.projection] });
  return r!;
}

/**
 * Check: rebuilds into scratch tables (one read of the log for every projection), then for
 * each projection catches its copy up to exactly where the live tables are and compares their
 * ordered row hashes. A live runner is paused only for its final catch-up and hashing.
 */
export async function checkProjections(o: ManyOptions & { timeoutMs?: number }): Promise<CheckResult[]> {
  const copies = await loadCopies(o, '__check', { indexes: false });
  try {
    const results: CheckResult[] = [];
    for (const t of copies.targets) {
      const { projection, db } = t;
      let position = copies.position;
      const deadline = Date.now() + (o.timeoutMs ?? 60_000);
      for (;;) {
        const outcome = await inTransaction(db, async () => {
          const live = await lockLivePosition(db, projection.name);
          // The scratch copy may be ahead of a live runner that is still catching up: wait for
          // it, unless what lies between is nothing the projection reads (a runner holds such
          // events back for a moment, and one stopped meanwhile leaves them unrecorded).
          if (compareLogPositions(position, live) > 0 && (await handlesAnyBetween(o.store, t.handles, live, position))) return null;
          position = (await feed(o, [t], position, { bulk: false, until: live })).position;
          const [liveHash, rebuiltHash] = [await tablesHash(db, projection.tables), await tablesHash(db, t.tables)];
          return {
            name: projection.name, equal: liveHash.hash === rebuiltHash.hash && liveHash.rows === rebuiltHash.rows,
            live: liveHash, rebuilt: rebuiltHash, position: live,
          };
        });
        if (outcome) {
          results.push(outcome);
          break;
        }
        if (Date.now() > deadline) throw new Error(`${projection.name}: live tables did not reach the rebuild's position in time`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return results;
  } finally {
    for (const t of copies.targets) await dropTables(t.db, t.tables).catch(() => {});
    await copies.release();
  }
}

export async function checkProjection(o: Options & { timeoutMs?: number }): Promise<Omit<CheckResult, 'name'>> {
  const [{ name: _, ...r }] = (await checkProjections({ ...o, projections: [o.projection] })) as [CheckResult];
  return r;
}
