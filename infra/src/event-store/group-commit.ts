/** One item's outcome in a group: its own value, or its own error (its neighbours are not affected). */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export type GroupCommitOptions<T, R> = {
  /** Statements running at once, alone or grouped, before new items wait for the next group. */
  maxInFlight: number;
  /** Most items in one group. */
  maxGroup: number;
  /** Runs one item in a statement of its own. */
  one(item: T): Promise<R>;
  /** Runs several in ONE statement; a rejection fails all of them, as when the connection drops. */
  many(items: T[]): Promise<GroupOutcome<R>[]>;
};

/**
 * Group commit: an item sent while fewer than `maxInFlight` statements run goes at once, in a
 * statement of its own (a quiet system waits for nothing). Past that, items wait, and each
 * statement that ends sends everything waiting as one group: one round trip and one commit for
 * many items, however many arrive while the database is busy.
 */
export function createGroupCommit<T, R>({ maxInFlight, maxGroup, one, many }: GroupCommitOptions<T, R>): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve(value: R): void; reject(error: unknown): void };
  const waiting: Waiting[] = [];
  let inFlight = 0;

  const send = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.splice(0, maxGroup);
      inFlight++;
      const sent = group.length === 1
        ? one(group[0]!.item).then(group[0]!.resolve, group[0]!.reject)
        : many(group.map((w) => w.item)).then(
          (outcomes) => outcomes.forEach((o, i) => (o.ok ? group[i]!.resolve(o.value) : group[i]!.reject(o.error))),
          (error: unknown) => group.forEach((w) => w.reject(error)));
      void sent.finally(() => {
        inFlight--;
        send();
      });
    }
  };

  return (item) => new Promise<R>((resolve, reject) => {
    waiting.push({ item, resolve, reject });
    send();
  });
}
