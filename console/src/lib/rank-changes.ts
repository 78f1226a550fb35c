export type RankChange = 'up' | 'down';

/** Each id's position in a standings list, 0 for the leader. */
export const ranksOf = (ids: readonly number[]): Map<number, number> => new Map(ids.map((id, index) => [id, index]));

/**
 * Who moved since the last standings we showed: up (including newcomers) or down. Nothing
 * moved on the first standings, so the first render never flashes.
 */
export function rankChanges(previous: ReadonlyMap<number, number> | null, ids: readonly number[]): Map<number, RankChange> {
  const changes = new Map<number, RankChange>();
  if (!previous) return changes;
  ids.forEach((id, index) => {
    const before = previous.get(id);
    if (before === undefined || before > index) changes.set(id, 'up');
    else if (before < index) changes.set(id, 'down');
  });
  return changes;
}
