import { LOG_START, type LogPosition } from '../event-store/types';
import type { Pool } from '../postgres/pool';

/** How far a reader of the log is behind its head: events not read yet, and the age of the oldest. */
export type LogLag = { events: number; seconds: number };

/**
 * Events committed after `position` (in commit order) and how long the oldest of them has
 * waited. Both walk the commit-order index from the reader's position, so a reader that keeps
 * up costs next to nothing; a stalled one shows a count that grows and an age that keeps
 * growing even when nothing new is written.
 */
export async function lagBehind(pool: Pool, position: LogPosition): Promise<LogLag> {
  const { rows } = await pool.query<{ events: string; seconds: number | null }>(
    `select (select count(*) from events
             where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)) as events,
            (select extract(epoch from now() - occurred_at)::float8 from events
             where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
             order by transaction_id, global_position limit 1) as seconds`,
    [position.transactionId, position.globalPosition]);
  const row = rows[0]!;
  const events = Number(row.events);
  return { events, seconds: events === 0 ? 0 : Math.max(0, row.seconds ?? 0) };
}

/** A log reader's stored position: the Postgres-tail projections and the relay keep one row in `checkpoints`. */
export async function checkpointPosition(pool: Pool, name: string): Promise<LogPosition> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
    'select transaction_id::text as transaction_id, global_position::text as global_position from checkpoints where name = $1', [name]);
  return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : LOG_START;
}

/**
 * A projection fed from Kafka keeps a log position per partition; the furthest one stands for
 * the projection. Events of a partition that lags behind the others are not counted, so this
 * is a lower bound; the exact backlog in messages is the Kafka consumer lag. (Ordered by the
 * table's columns: the output columns of the same names are text, and '9' sorts after '10'.)
 */
export async function furthestPartitionPosition(pool: Pool, name: string, topic: string): Promise<LogPosition> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text as transaction_id, global_position::text as global_position
     from partition_checkpoints where name = $1 and topic = $2
     order by partition_checkpoints.transaction_id desc, partition_checkpoints.global_position desc limit 1`, [name, topic]);
  return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : LOG_START;
}

/**
 * Runs `fn` at most once per `ms`: the gauges read at one scrape (events and seconds of the
 * same readers) share one round of queries.
 */
export function sharedFor<T>(ms: number, fn: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) {
      const value = fn();
      last = { at: Date.now(), value };
      value.catch(() => (last = undefined));
    }
    return last.value;
  };
}
