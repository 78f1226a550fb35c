import { useState } from 'react';
import { rankChanges, ranksOf, type RankChange } from './rank-changes';

export type SeenRanks = { at: number; ranks: Map<number, number> | null; changes: Map<number, RankChange> };

/**
 * Who moved since the standings last shown: standings refresh live (points and sales land),
 * and a moved row flashes briefly. Derived while rendering from the previous answer, which
 * React keeps in state for exactly this (no effect, no timer: the flash is a CSS animation).
 * `dataUpdatedAt` is the query's: a new answer is a new moment to compare against.
 */
export function useRankChanges(ids: number[] | undefined, dataUpdatedAt: number): SeenRanks {
  const [seen, setSeen] = useState<SeenRanks>({ at: dataUpdatedAt, ranks: ids ? ranksOf(ids) : null, changes: new Map() });
  if (ids && seen.at !== dataUpdatedAt) {
    const next = { at: dataUpdatedAt, ranks: ranksOf(ids), changes: rankChanges(seen.ranks, ids) };
    setSeen(next);
    return next;
  }
  return seen;
}
