/** A stream's folded state and the version it reflects, as this process last saw it. */
export type KnownStream<S> = { state: S; version: number };

/**
 * The state the command handler last read or appended for each stream, bounded (least recently
 * used out first). Only ever a starting guess: the append's compare-and-set on the stream
 * version refuses a decision made on a state that moved on (another process, another handler),
 * and the handler then reads what it missed and decides again. A refusal or a no-op decided on
 * a remembered state is checked against a fresh read before it is answered.
 *
 * Entries are keyed by stream and aggregate, so a stream folded by another aggregate's evolve
 * is never mistaken for this one's; a state is never mutated once stored (evolve is pure).
 */
export function createStreamStateCache(maxStreams = 10_000) {
  const entries = new Map<string, { aggregate: object; known: KnownStream<unknown> }>();
  return {
    get<S>(streamId: string, aggregate: object): KnownStream<S> | undefined {
      const entry = entries.get(streamId);
      if (!entry || entry.aggregate !== aggregate) return undefined;
      entries.delete(streamId);
      entries.set(streamId, entry);
      return entry.known as KnownStream<S>;
    },
    /** Remembers `known` unless a newer version of the stream is remembered already. */
    set<S>(streamId: string, aggregate: object, known: KnownStream<S>) {
      const entry = entries.get(streamId);
      if (entry && entry.aggregate === aggregate && entry.known.version > known.version) return;
      entries.delete(streamId);
      entries.set(streamId, { aggregate, known });
      if (entries.size > maxStreams) entries.delete(entries.keys().next().value!);
    },
    delete(streamId: string) {
      entries.delete(streamId);
    },
  };
}

export type StreamStateCache = ReturnType<typeof createStreamStateCache>;
