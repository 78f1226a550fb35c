import type { RecordedEvent } from '@leadfloor/events';
import type { LogNotifier } from '../event-store/log-notifier';
import { sleep } from '../kafka/abortable-sleep';
import { LOG_START, type EventStore, type LogPosition } from '../event-store/types';
import type { Pool, PoolClient } from '../postgres/pool';
import { positionOf } from './log-order';
import { createSharedLogReads, type SharedLogReads } from './shared-log-reads';
import { beginLocked } from './tables';
import { CHECKPOINT_MOVED, type EventBatch, type EventSource } from './types';

export { positionOf };

// The log's tail readers of one store (projection sources, reactors) share their reads (see
// createSharedLogReads).
const sharedReads = new WeakMap<Pick<EventStore, 'readAfter'>, SharedLogReads>();
export function sharedLogReadsOf(store: Pick<EventStore, 'readAfter'>): SharedLogReads {
  let reads = sharedReads.get(store);
  if (!reads) sharedReads.set(store, (reads = createSharedLogReads(store)));
  return reads;
}

/** After a commit notification that brought nothing readable yet, re-read after these delays (ms). */
const REREADS = [5, 20, 50];

export async function loadCheckpoint(db: Pool | PoolClient, name: string): Promise<LogPosition> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    'select transaction_id::text, global_position::text from checkpoints where name = $1', [name]);
  return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : LOG_START;
}

// Literals for the statements a batch sends without parameters (a multi-statement round trip
// cannot carry any). Positions come from the log; names are the code's own: checked anyway.
const sqlText = (v: string) => {
  if (!/^[\w:.-]+$/.test(v)) throw new Error(`not a plain name: ${v}`);
  return `'${v}'`;
};
const digits = (v: string | number) => {
  const text = String(v);
  if (!/^\d+$/.test(text)) throw new Error(`not a log position: ${text}`);
  return text;
};
const sqlXid8 = (v: string) => `'${digits(v)}'::xid8`;
const sqlBigint = (v: string | number) => `${digits(v)}::bigint`;

/**
 * Compare-and-set: advances the checkpoint only if it is still where this reader left it
 * (lf_advance_checkpoint, which projection batches also send with their COMMIT).
 */
export async function advanceCheckpoint(db: PoolClient, name: string, from: LogPosition, to: LogPosition): Promise<boolean> {
  return db.query('select lf_advance_checkpoint($1, $2::text::xid8, $3, $4::text::xid8, $5)',
    [name, from.transactionId, from.globalPosition, to.transactionId, to.globalPosition]).then(() => true, (err: { code?: string }) => {
    if (err.code === CHECKPOINT_MOVED) return false;
    throw err;
  });
}

/**
 * The embedded form's event source: tails the events table in commit order from the checkpoint
 * named `name`, woken by NOTIFY with a polling fallback. A batch goes out as soon as it holds an
 * event the runner wants; events it does not want are held (up to `holdMs`, or a full batch)
 * and go out together, so a projection that has nothing to do does not commit its checkpoint
 * on every wake-up.
 *
 * Under a steady stream of commits a projection would otherwise commit a batch of one or two
 * events per commit, each batch a transaction of several round trips. So batches of wanted
 * events start at most every `spacingMs` (15): an idle source hands out the first event at
 * once, a busy one gathers what arrives within that spacing into one batch.
 *
 * A notification can arrive before what it announces is readable (the log is read only below
 * the oldest running transaction, and the transaction holding it back may commit without a
 * notification of its own): the source then re-reads after a few short delays instead of
 * waiting for the next notification or the poll.
 */
export function createPostgresTailSource(opts: {
  pool: Pool; store: EventStore; notifier: LogNotifier; name: string; batchSize?: number; pollMs?: number; holdMs?: number;
  spacingMs?: number;
}): EventSource {
  const { pool, store, notifier, name, batchSize = 500, pollMs = 250, holdMs = 500, spacingMs = 15 } = opts;
  const reads = sharedLogReadsOf(store);
  let position: LogPosition | null = null;
  // whether `position` is where this source's last committed batch left the checkpoint
  let ours = false;
  // when the last batch went out (see spacingMs)
  let lastBatchAt = 0;

  const batchOf = (from: LogPosition, events: RecordedEvent[]): EventBatch => {
    const to = positionOf(events[events.length - 1]!);
    lastBatchAt = Date.now();
    return {
      // The lock first, so a replay's swap and this batch never wait on each other both ways;
      // the checkpoint moves last (see EventBatch.settle): from our own last position, it
      // proves that no other writer came in between. Each shares its round trip with the
      // BEGIN or the COMMIT.
      begin: beginLocked(name),
      claim: async () => events,
      commit: `select lf_advance_checkpoint(${sqlText(name)}, ${sqlXid8(from.transactionId)}, ${sqlBigint(from.globalPosition)}, `
        + `${sqlXid8(to.transactionId)}, ${sqlBigint(to.globalPosition)}); commit`,
      follows: ours,
      afterCommit: async () => {
        position = to;
        ours = true;
      },
    };
  };

  return {
    async next(signal, wanted) {
      let held: RecordedEvent[] = [];
      let holdUntil = 0;
      let heldWanted = false;
      let rereads = REREADS.length;
      while (!signal.aborted) {
        if (!position) {
          position = await loadCheckpoint(pool, name);
          ours = false;
          held = [];
        }
        const after = held.length > 0 ? positionOf(held[held.length - 1]!) : position;
        const events = await reads.readAfter(after, batchSize - held.length);
        if (events.length > 0) {
          held.push(...events);
          if (!wanted || held.length >= batchSize) return batchOf(position, held);
          // wanted events go out once the spacing since the last batch has passed (at once if it has)
          const wantedNow = events.some(wanted);
          heldWanted ||= wantedNow;
          const due = wantedNow ? lastBatchAt + spacingMs : Date.now() + holdMs;
          holdUntil = holdUntil === 0 ? due : Math.min(holdUntil, due);
        }
        const now = Date.now();
        if (held.length > 0 && now >= holdUntil) return batchOf(position, held);
        if (events.length > 0) continue; // more may be readable at once
        if (heldWanted) {
          // the spacing: what commits meanwhile is read once, when it ends
          await sleep(holdUntil - now, signal);
          continue;
        }
        const delay = rereads < REREADS.length ? REREADS[rereads++]! : pollMs;
        const wait = held.length > 0 ? Math.max(1, Math.min(delay, holdUntil - now)) : delay;
        await notifier.wait(signal, wait);
        // woken before the delay ran out: a commit was announced; make sure it is not missed
        if (Date.now() - now < wait - 1) rereads = 0;
      }
      return null;
    },
    async reset() {
      position = null;
    },
    async close() {},
  };
}
