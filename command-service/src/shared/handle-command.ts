import { currentSchemaVersion, isEventType, parseEventData, type RecordedEvent } from '@leadfloor/events';
import { StreamGuardMovedError, VersionConflictError } from '@leadfloor/infra/event-store/errors';
import type { CounterChange, EventStore, StreamGuard, UniqueKey } from '@leadfloor/infra/event-store/types';
import { commandTypes, countCommands, outcomeOf } from './command-outcomes';
import { VersionConflict } from './domain-error';
import { createStreamStateCache, type KnownStream, type StreamStateCache } from './stream-state-cache';

/** An aggregate's pure parts: state, evolve and decide (see STYLE.md). */
export type Aggregate<S, C, E extends { type: string; data: unknown }> = {
  streamType: string;
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
  /**
   * Command-side counters the append moves with these events, limits included (the lead's
   * active claims per agent). Pure, like decide; the store refuses an increase past its limit.
   */
  counters?(events: E[], state: S, command: C): CounterChange[];
};

export type CommandContext = {
  actorId: number | null;
  correlationId: string;
  causationId?: string | null;
  /** Client-supplied: a retry with the same id answers the first result, appending nothing. */
  commandId?: string;
};

export type CommandOutcome<S> = {
  /** The stream version after the command: the read-your-writes token. */
  version: number;
  events: { type: string; data: unknown }[];
  state: S;
  replayed: boolean;
};

export type HandleOptions<S, E> = {
  claimKeys?(events: E[], state: S): UniqueKey[];
  releaseKeys?(events: E[], state: S): UniqueKey[];
  /**
   * Other streams the command was built on, read from memory (the floor's pool policy): the
   * append carries their versions and happens only while they still hold. When one moved,
   * `moved` is told (the next build reads it again) and the command is built and decided again.
   */
  guards?: { current(): StreamGuard[]; moved(): void };
};

const MAX_ATTEMPTS = 8;

/** Parses a stored event into its current shape (old versions upcast). */
export const toDomainEvent = <E>(e: Pick<RecordedEvent, 'type' | 'data'> & { metadata: { schemaVersion: number } }): E =>
  ({ type: e.type, data: isEventType(e.type) ? parseEventData(e.type, e.data, e.metadata.schemaVersion) : e.data }) as E;

/** A decided event as a read of the store gives it back (stored as JSON, parsed at its current schema). */
const asStored = <E>(e: { type: string; data: unknown }): E => toDomainEvent<E>({
  type: e.type, data: JSON.parse(JSON.stringify(e.data)), metadata: { schemaVersion: isEventType(e.type) ? currentSchemaVersion[e.type] : 1 },
});

export function createCommandHandler(store: EventStore, { cache = createStreamStateCache() }: { cache?: StreamStateCache } = {}) {
  /**
   * Decides against the stream's state and appends at the expected version. On a version
   * conflict it re-decides against the new state (so the loser of a claim race gets the
   * domain's answer, "not available", rather than a bare conflict).
   */
  async function handle<S, C, E extends { type: string; data: unknown }>(
    aggregate: Aggregate<S, C, E>, streamId: string, command: C | ((state: S) => C | Promise<C>),
    ctx: CommandContext, opts: HandleOptions<S, E> = {},
  ): Promise<CommandOutcome<S>> {
    // Counted once per command, whatever the path: `types` is known once the command is built.
    const seen = { types: typeof command === 'function' ? [] : commandTypes(command) };
    try {
      const outcome = await decideAndAppend(aggregate, streamId, command, ctx, opts, seen);
      countCommands(seen.types, 'accepted');
      return outcome;
    } catch (err) {
      countCommands(seen.types, outcomeOf(err));
      throw err;
    }
  }

  /**
   * Reads what `known` misses of the stream (the whole stream when nothing is known), and the
   * answer stored under `commandId`, in one round trip. The read starts at the last version
   * known, to check the stream still holds it.
   */
  async function catchUp<S, E extends { type: string; data: unknown }>(
    aggregate: Aggregate<S, never, E>, streamId: string, known: KnownStream<S> | undefined, commandId?: string,
  ): Promise<{ fresh: KnownStream<S>; changed: boolean; stored: { result: unknown } | null }> {
    const fold = (from: KnownStream<S>, events: RecordedEvent[]): KnownStream<S> => (events.length === 0 ? from : {
      state: events.map(toDomainEvent<E>).reduce(aggregate.evolve, from.state),
      version: events[events.length - 1]!.streamVersion,
    });
    let fresh: KnownStream<S> | undefined;
    let stored: { result: unknown } | null = null;
    if (known && known.version > 0) {
      const read = await store.readForCommand(streamId, { fromVersion: known.version, commandId });
      stored = read.stored;
      if (read.events[0]?.streamVersion === known.version) fresh = fold(known, read.events.slice(1));
    }
    if (!fresh) {
      const read = await store.readForCommand(streamId, { commandId });
      stored = read.stored;
      fresh = fold({ state: aggregate.initialState(), version: 0 }, read.events);
    }
    cache.set(streamId, aggregate, fresh);
    return { fresh, changed: fresh.version !== known?.version, stored };
  }

  async function decideAndAppend<S, C, E extends { type: string; data: unknown }>(
    aggregate: Aggregate<S, C, E>, streamId: string, command: C | ((state: S) => C | Promise<C>),
    ctx: CommandContext, opts: HandleOptions<S, E>, seen: { types: string[] },
  ): Promise<CommandOutcome<S>> {
    // The state this process last saw of the stream, if any, is decided on without a read: the
    // append's compare-and-set checks it is still current. A command id may have an answer
    // stored already, so it reads first (the same round trip fetches the stream).
    const cached = cache.get<S>(streamId, aggregate);
    let known: KnownStream<S>;
    let verified: boolean;
    if (!cached || ctx.commandId) {
      const read = await catchUp(aggregate, streamId, cached, ctx.commandId);
      if (read.stored) return { ...(read.stored.result as CommandOutcome<S>), replayed: true };
      known = read.fresh;
      verified = true;
    } else {
      known = cached;
      verified = false;
    }
    for (let attempt = 1; ; attempt++) {
      const { state, version } = known;
      let events: E[];
      let cmd: C;
      try {
        // A command may depend on the state (the holder's team for a manager check): it is
        // built again on every attempt, so a retry after a conflict never reuses a stale lookup.
        cmd = typeof command === 'function' ? await (command as (s: S) => C | Promise<C>)(state) : command;
        seen.types = commandTypes(cmd);
        events = aggregate.decide(cmd, state);
      } catch (err) {
        // A refusal stands only on a current state: one decided on a remembered state is
        // checked by a read, and decided again if the stream moved.
        if (verified) throw err;
        const read = await catchUp(aggregate, streamId, known);
        verified = true;
        if (!read.changed) throw err;
        known = read.fresh;
        continue;
      }
      if (events.length === 0) {
        // Nothing to do: likewise only answered on a current state.
        if (!verified) {
          const read = await catchUp(aggregate, streamId, known);
          verified = true;
          if (read.changed) {
            known = read.fresh;
            continue;
          }
        }
        return { version, events: [], state, replayed: false };
      }
      const after = events.reduce(aggregate.evolve, state);
      const outcome: CommandOutcome<S> = { version: version + events.length, events, state: after, replayed: false };
      try {
        const appended = await store.append({
          streamId, streamType: aggregate.streamType, expectedVersion: version, events,
          metadata: { actorId: ctx.actorId, correlationId: ctx.correlationId, causationId: ctx.causationId ?? null },
          commandId: ctx.commandId, result: outcome,
          claimKeys: opts.claimKeys?.(events, state), releaseKeys: opts.releaseKeys?.(events, state),
          counters: aggregate.counters?.(events, state, cmd), guards: opts.guards?.current(),
        });
        if (appended.replayed) {
          cache.delete(streamId);
          return { ...(appended.result as CommandOutcome<S>), replayed: true };
        }
        cache.set(streamId, aggregate, { state: events.map(asStored<E>).reduce(aggregate.evolve, state), version: appended.version });
        return outcome;
      } catch (err) {
        const guardMoved = err instanceof StreamGuardMovedError;
        if (!(err instanceof VersionConflictError) && !guardMoved) throw err;
        if (attempt >= MAX_ATTEMPTS) {
          cache.delete(streamId);
          throw new VersionConflict('stream.busy', `${streamId} changed too often while deciding; try again.`);
        }
        if (guardMoved) {
          // What the command was built on moved: built and decided again on it (its own stream's
          // conflict, if it had one too, shows at the next append).
          opts.guards?.moved();
          continue;
        }
        known = (await catchUp(aggregate, streamId, known)).fresh;
        verified = true;
      }
    }
  }

  return handle;
}

export type HandleCommand = ReturnType<typeof createCommandHandler>;
