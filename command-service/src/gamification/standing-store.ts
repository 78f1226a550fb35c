import { VersionConflictError } from '@leadfloor/infra/event-store/errors';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { toDomainEvent } from '../shared/handle-command';
import type { UserStreamEvent } from '../users/user';
import { userStream } from '../users/user-aggregate';
import { decideStanding, evolveStanding, initialStanding, type AwardPoints, type Standing } from './standing';

const MAX_ATTEMPTS = 8;

export type AwardContext = { correlationId: string; causationId: string; commandId: string };

/**
 * Decides awards against users' standings kept in memory: a standing known here is decided on
 * without a read, and the append's compare-and-set on the user's stream version checks it is
 * still current (other writers append to user streams too); on a conflict it reads only the
 * events appended since, and decides again. A user first met here is read once, whole, since a
 * busy agent's stream grows by every award. A no-op decided on a remembered standing is checked
 * against the stream before it is answered. Only the points process manager uses it, and the
 * decision is idempotent per activity.
 */
export function createStandingStore(store: EventStore) {
  const cache = new Map<number, { standing: Standing; version: number }>();

  /** Reads what the remembered standing misses; `changed` when the stream had moved on. */
  const catchUp = async (userId: number) => {
    const entry = cache.get(userId) ?? { standing: initialStanding(), version: 0 };
    const before = entry.version;
    const tail = await store.readStream(userStream(userId), { fromVersion: entry.version + 1 });
    for (const e of tail) {
      evolveStanding(entry.standing, toDomainEvent<UserStreamEvent>(e));
      entry.version = e.streamVersion;
    }
    cache.set(userId, entry);
    return { entry, changed: entry.version !== before };
  };

  return {
    /** Returns the events appended (none when the activity was already credited at this worth). */
    async award(command: AwardPoints, ctx: AwardContext): Promise<UserStreamEvent[]> {
      const { userId } = command.data;
      let entry = cache.get(userId);
      let verified = false;
      if (!entry) {
        entry = (await catchUp(userId)).entry;
        verified = true;
      }
      for (let attempt = 1; ; attempt++) {
        const events = decideStanding(command, entry.standing);
        if (events.length === 0) {
          if (verified) return [];
          const read = await catchUp(userId);
          verified = true;
          if (!read.changed) return [];
          entry = read.entry;
          continue;
        }
        try {
          const appended = await store.append({
            streamId: userStream(userId), streamType: 'user', expectedVersion: entry.version, events,
            metadata: { actorId: null, correlationId: ctx.correlationId, causationId: ctx.causationId },
            commandId: ctx.commandId, result: { version: entry.version + events.length },
          });
          if (appended.replayed) {
            cache.delete(userId); // someone else's answer: re-read the stream next time
            return [];
          }
          for (const e of events) evolveStanding(entry.standing, e);
          entry.version = appended.version;
          return events;
        } catch (err) {
          if (!(err instanceof VersionConflictError) || attempt >= MAX_ATTEMPTS) throw err;
          entry = (await catchUp(userId)).entry;
          verified = true;
        }
      }
    },
  };
}
export type StandingStore = ReturnType<typeof createStandingStore>;
