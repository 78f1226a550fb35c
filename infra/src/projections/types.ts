import type { RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '../postgres/pool';

/** Logical table name -> physical table name (live, or the rebuild copy during a replay). */
export type Tables<K extends string = string> = Record<K, string>;

/**
 * A read model: the tables it owns and how each event changes them. `apply` runs inside the
 * runner's transaction together with the checkpoint write, so it must only touch `db`.
 * It must be idempotent per event for redelivery through Kafka (duplicates after a relay
 * restart are filtered by log position, but a projection applied twice must change nothing).
 */
export type Projection<K extends string = string> = {
  /** Versioned name (`lead_pool_v1`); also its checkpoint name. */
  name: string;
  /** Logical table names and their live physical names. */
  tables: Tables<K>;
  /** Creates the tables (and their indexes) under the given physical names. */
  createTables(db: PoolClient, tables: Tables<K>): Promise<void>;
  /** Event types this projection reads; others only advance the checkpoint. */
  handles: readonly string[];
  apply(db: PoolClient, events: RecordedEvent[], tables: Tables<K>, memory?: RunnerMemory): Promise<void>;
  /**
   * Optional fast path of a replay: fills `tables`, created empty for the replay and written by
   * nothing else, from the start of the log. The replay creates the tables' secondary indexes
   * only after `finish`, so a loader may rely on primary keys and unique constraints alone.
   * What it leaves must equal what `apply` builds from the same events.
   */
  load?(tables: Tables<K>, opts?: LoaderOptions): TableLoader;
};

export type LoaderOptions = {
  /** Most rows a loader holds in memory; past that it writes them out and reads back those it needs again. */
  heldRows?: number;
};

/**
 * What a projection may keep in memory from one batch to the next of one runner (a model of its
 * own tables, say). The runner empties it whenever a batch does not directly follow the last one
 * it committed: at start, after a rollback or a failure, and whenever its source cannot vouch
 * that nothing else wrote the tables in between.
 */
export type RunnerMemory = Map<string, unknown>;

export type TableLoader = {
  /** The next events this projection handles, in log order; may hold rows in memory. */
  apply(db: PoolClient, events: RecordedEvent[]): Promise<void>;
  /** Writes everything still held: afterwards the tables are complete up to the last batch. */
  finish(db: PoolClient): Promise<void>;
};

/** SQLSTATE of lf_advance_checkpoint when the checkpoint moved under its caller (migration 005). */
export const CHECKPOINT_MOVED = 'LFC01';

export type EventBatch = {
  /**
   * What the runner sends to open the transaction, instead of a bare BEGIN: a source may take
   * its lock in the same round trip (`begin; select pg_advisory_xact_lock(...)`).
   */
  begin?: string;
  /**
   * Runs first inside the read-model transaction and returns the events still to apply
   * (already-applied ones dropped), or null when the checkpoint moved under us (another
   * instance, a replay swap): the runner then rolls back and the source re-reads from the
   * stored checkpoint. A source may lock and advance its checkpoint(s) here (Kafka: which
   * events are still to apply depends on them), or leave the advance to `settle`.
   */
  claim(db: PoolClient): Promise<RecordedEvent[] | null>;
  /**
   * Runs last inside the transaction, after the read-model writes: advances the checkpoint by
   * compare-and-set; false (it moved under us) rolls everything back as a null claim does.
   * Advancing last keeps short the time the transaction holds a transaction id (taken at its
   * first write), during which every reader of the log waits: they read below the oldest
   * running transaction.
   */
  settle?(db: PoolClient): Promise<boolean>;
  /**
   * Instead of `settle` and a bare COMMIT: statements that advance the checkpoint by
   * compare-and-set and commit, in one round trip. When the checkpoint moved they fail with
   * SQLSTATE LFC01 (see migration 005), which rolls the batch back as a false settle does.
   */
  commit?: string;
  /**
   * True when a successful claim (and settle) proves that this batch directly follows the last
   * one this source's runner committed, with no other writer in between (see RunnerMemory).
   */
  follows?: boolean;
  /** Runs after the commit (for Kafka: the offset commit, a hint only). */
  afterCommit?(): Promise<void>;
};

/** Where a runner's events come from: the Postgres tail (embedded) or Kafka (distributed). */
export type EventSource = {
  /**
   * The next batch; resolves null once `signal` aborts. `wanted` tells the events the runner
   * applies: a source may hold back batches of other events for a while and send them together.
   */
  next(signal: AbortSignal, wanted?: (event: RecordedEvent) => boolean): Promise<EventBatch | null>;
  /** Forget in-memory positions and resume from the stored checkpoint. */
  reset(): Promise<void>;
  close(): Promise<void>;
};
