import type { z } from 'zod';
import type { LeadHistoryEntrySchema } from '@leadfloor/contracts';

export type HistoryEntry = z.infer<typeof LeadHistoryEntrySchema>;
/** One position of the time slider: an instant and every event recorded at it. */
export type HistoryMoment = { at: string; version: number; entries: HistoryEntry[] };

/**
 * The time slider's stops: the history's distinct instants, oldest first. Events written by
 * one command share their instant (a sale also closes the stage), so they share a stop: an
 * as-of read at that instant shows all of them.
 */
export function historyMoments(history: readonly HistoryEntry[]): HistoryMoment[] {
  const byTime = new Map<number, HistoryMoment>();
  for (const entry of history) {
    const t = Date.parse(entry.at);
    if (Number.isNaN(t)) continue;
    const moment = byTime.get(t);
    if (moment) {
      moment.entries.push(entry);
      moment.version = Math.max(moment.version, entry.version);
    } else {
      byTime.set(t, { at: new Date(t).toISOString(), version: entry.version, entries: [entry] });
    }
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, m]) => m);
}

/** The stop an `asOf` instant falls on: the last one at or before it (the newest when absent). */
export function momentIndexAt(moments: readonly HistoryMoment[], asOf: string | null): number {
  if (moments.length === 0) return -1;
  if (!asOf) return moments.length - 1;
  const t = Date.parse(asOf);
  let index = 0;
  moments.forEach((m, i) => {
    if (Date.parse(m.at) <= t) index = i;
  });
  return index;
}
