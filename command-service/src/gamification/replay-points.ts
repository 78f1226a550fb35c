import { LOG_START, type EventStore, type LogPosition } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { positionOf } from '@leadfloor/infra/projections/postgres-tail-source';
import { pointsReactor } from './points-reactor';
import { pointsTable as currentTable, type PointsTable } from './points-table';
import { createStandingStore, type StandingStore } from './standing-store';

export type PointsReplay = { events: number; appended: number; position: LogPosition };

/**
 * Replays the points process manager over the whole log with `table` (by default the current
 * one): every activity is credited at its worth in that table, and only the differences from
 * what users hold are appended (PointsAwarded corrections, LevelReached, new badges). Then it
 * moves the process manager's checkpoint for this table version to where it stopped, so a
 * running app carries on from there. Safe beside a running app: credits are idempotent.
 */
export async function replayPoints(o: {
  pool: Pool; store: EventStore; table?: PointsTable; batchSize?: number; onProgress?(events: number): void;
}): Promise<PointsReplay> {
  const table = o.table ?? currentTable;
  const inner = createStandingStore(o.store);
  let appended = 0;
  const standings: StandingStore = {
    award: async (command, ctx) => {
      const events = await inner.award(command, ctx);
      appended += events.length;
      return events;
    },
  };
  const reactor = pointsReactor({ store: o.store, standings, table });
  const handles = new Set(reactor.handles);
  let position = LOG_START;
  let events = 0;
  for (;;) {
    const batch = await o.store.readAfter(position, o.batchSize ?? 1000);
    if (batch.length === 0) break;
    for (const e of batch) if (handles.has(e.type)) await reactor.react(e);
    position = positionOf(batch[batch.length - 1]!);
    events += batch.length;
    o.onProgress?.(events);
  }
  await o.pool.query(
    `insert into checkpoints as c (name, transaction_id, global_position) values ($1, $2::text::xid8, $3)
     on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()
     where (c.transaction_id, c.global_position) < (excluded.transaction_id, excluded.global_position)`,
    [reactor.name, position.transactionId, position.globalPosition]);
  return { events, appended, position };
}
