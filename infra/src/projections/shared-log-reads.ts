import type { RecordedEvent } from '@leadfloor/events';
import type { EventStore, LogPosition } from '../event-store/types';
import { compareLogPositions, positionOf } from './log-order';

const keyOf = (p: LogPosition) => `${p.transactionId}/${p.globalPosition}`;

/** Events of the log's newest stretch a process keeps for its readers (up to twice as many). */
const KEPT_EVENTS = 10_000;

export type SharedLogReads = { readAfter(after: LogPosition, limit: number): Promise<RecordedEvent[]> };

/**
 * One process's readers of the log tail (every projection runner wakes on the same commit)
 * share their reads: readers at the same position share one query, and the newest stretch of
 * the log read so far is kept, so a reader a little behind the others reads it from memory, in
 * one batch however many reads brought it in.
 *
 * What is kept is always an unbroken run of the log in commit order: a read returns every
 * event after its position up to its last one (the store reads only below the oldest running
 * transaction, so nothing can still appear in between), and a read is added only when it
 * starts where the run ends. A reader is therefore handed exactly what the store would give
 * it, or a prefix of that.
 */
export function createSharedLogReads(store: Pick<EventStore, 'readAfter'>, { keep = KEPT_EVENTS } = {}): SharedLogReads {
  let kept: RecordedEvent[] = [];
  // position -> absolute index of the event after it; `dropped` events were cut from the front
  let next = new Map<string, number>();
  let dropped = 0;
  let start = ''; // the position the kept run starts after
  const inFlight = new Map<string, Promise<RecordedEvent[]>>();

  const add = (after: LogPosition, events: RecordedEvent[]) => {
    if (events.length === 0) return;
    const at = next.get(keyOf(after));
    if (at === undefined) {
      // not where the kept run ends: start a new run if this one is newer (readers follow the head)
      const last = kept[kept.length - 1];
      if (last && compareLogPositions(positionOf(events[0]!), positionOf(last)) <= 0) return;
      dropped += kept.length;
      kept = [];
      start = keyOf(after);
      next = new Map([[start, dropped]]);
    } else if (at !== dropped + kept.length) {
      return; // already kept
    }
    const base = dropped + kept.length;
    kept.push(...events);
    events.forEach((e, i) => next.set(keyOf(e), base + i + 1));
    if (kept.length > 2 * keep) {
      const cut = kept.length - keep;
      next.delete(start);
      for (const e of kept.slice(0, cut - 1)) next.delete(keyOf(e));
      start = keyOf(kept[cut - 1]!);
      kept = kept.slice(cut);
      dropped += cut;
    }
  };

  return {
    async readAfter(after, limit) {
      const key = keyOf(after);
      const at = next.get(key);
      if (at !== undefined && at < dropped + kept.length) return kept.slice(at - dropped, at - dropped + limit);
      let read = inFlight.get(key);
      if (!read) {
        read = store.readAfter(after, limit);
        inFlight.set(key, read);
        read.then((events) => add(after, events), () => {}).finally(() => inFlight.delete(key)).catch(() => {});
      }
      return (await read).slice(0, limit);
    },
  };
}
