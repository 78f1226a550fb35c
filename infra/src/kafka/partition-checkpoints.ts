import type { RecordedEvent } from '@leadfloor/events';
import type { LogPosition } from '../event-store/types';
import type { Pool, PoolClient } from '../postgres/pool';
import { compareLogPositions } from '../projections/log-order';

// A projection fed from Kafka keeps, per partition, the next offset to apply and the last log
// position applied, in Postgres, in the read model's own transaction. Those rows are the truth;
// the consumer group's committed offsets are only a hint. next_offset -1: the row exists (so it
// can be locked) but nothing of that partition was applied yet.

/** A consumed message: where it sits in the topic and the event it carries. */
export type PartitionItem = { partition: number; offset: bigint; event: RecordedEvent };

/** The stored next offset of every partition this projection has applied something from. */
export async function loadPartitionOffsets(db: Pool | PoolClient, name: string, topic: string): Promise<Map<number, bigint>> {
  const { rows } = await db.query<{ partition: number; next_offset: string }>(
    `select partition, next_offset::text as next_offset from partition_checkpoints
     where name = $1 and topic = $2 and next_offset >= 0`, [name, topic]);
  return new Map(rows.map((r) => [r.partition, BigInt(r.next_offset)]));
}

type PartitionState = { next: bigint; last: LogPosition; changed: boolean };

/**
 * Runs inside the read model's transaction. Locks the partitions' rows, drops what was applied
 * already — offsets below the stored next offset (redelivery, a group reset) and events at or
 * below the stored log position (the relay re-sent them after a crash; they got new offsets) —
 * advances the rows and returns the events to apply, in log order.
 *
 * Returns null when the batch starts past the stored offset: this consumer's in-memory position
 * ran ahead of what was committed (a rolled-back batch, a rebalance), and applying it would skip
 * messages. The caller rolls back and re-seeks to the stored offsets.
 */
export async function claimPartitionItems(db: PoolClient, name: string, topic: string, items: PartitionItem[]): Promise<RecordedEvent[] | null> {
  const partitions = [...new Set(items.map((i) => i.partition))].sort((a, b) => a - b);
  // Locked in partition order, so two instances sharing partitions after a rebalance do not
  // deadlock (but for a partition's very first batch, which creates its row: a deadlock there is
  // retried as a transient error).
  const lock = () => db.query<{ partition: number; next_offset: string; transaction_id: string; global_position: string }>(
    `select partition, next_offset::text as next_offset, transaction_id::text as transaction_id,
            global_position::text as global_position
     from partition_checkpoints where name = $1 and topic = $2 and partition = any($3::int[])
     order by partition for update`, [name, topic, partitions]);
  let { rows } = await lock();
  if (rows.length < partitions.length) {
    // a partition's first batch: its row is created, then all are locked
    await db.query(
      `insert into partition_checkpoints (name, topic, partition, next_offset)
       select $1, $2, p, -1 from unnest($3::int[]) p on conflict do nothing`, [name, topic, partitions]);
    ({ rows } = await lock());
  }
  const state = new Map<number, PartitionState>(rows.map((r) => [r.partition, {
    next: BigInt(r.next_offset), last: { transactionId: r.transaction_id, globalPosition: r.global_position }, changed: false,
  }]));

  const events: RecordedEvent[] = [];
  for (const { partition, offset, event } of items) {
    const s = state.get(partition)!;
    if (offset < s.next) continue;
    if (s.next >= 0n && offset > s.next) return null;
    s.next = offset + 1n;
    s.changed = true;
    const at = { transactionId: event.transactionId, globalPosition: event.globalPosition };
    if (compareLogPositions(at, s.last) <= 0) continue;
    s.last = at;
    events.push(event);
  }

  const changed = [...state.entries()].filter(([, s]) => s.changed);
  if (changed.length > 0) {
    await db.query(
      `update partition_checkpoints c
       set next_offset = u.next_offset, transaction_id = u.transaction_id::xid8, global_position = u.global_position
       from unnest($3::int[], $4::bigint[], $5::text[], $6::bigint[]) as u(partition, next_offset, transaction_id, global_position)
       where c.name = $1 and c.topic = $2 and c.partition = u.partition`,
      [name, topic, changed.map(([p]) => p), changed.map(([, s]) => s.next.toString()),
        changed.map(([, s]) => s.last.transactionId), changed.map(([, s]) => s.last.globalPosition)]);
  }
  // Each partition is already in log order; across partitions, log order is the closest to
  // the order the events were committed in.
  return events.sort((a, b) => compareLogPositions(
    { transactionId: a.transactionId, globalPosition: a.globalPosition },
    { transactionId: b.transactionId, globalPosition: b.globalPosition }));
}
