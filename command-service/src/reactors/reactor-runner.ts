import type { RecordedEvent } from '@leadfloor/events';
import type { LogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import type { EventStore, LogPosition } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { advanceCheckpoint, loadCheckpoint, positionOf, sharedLogReadsOf } from '@leadfloor/infra/projections/postgres-tail-source';

/**
 * A process manager: reads the log in commit order like a projection and acts only through
 * commands. `react` must be idempotent (each command's id or decision derived from the causing
 * event), because an event is redelivered after a crash between acting and checkpointing.
 */
export type Reactor = {
  /** Also the checkpoint's name; versioned like a projection (`points_v1`). */
  name: string;
  handles: readonly string[];
  react(event: RecordedEvent): Promise<void>;
};

export type ReactorLogger = { error(obj: object, msg?: string): void };
export type RunningReactor = { name: string; done: Promise<void>; stop(): Promise<void> };

const IDLE_CHECKPOINT_MS = 1_000;

const transient = (err: unknown) => {
  const code = (err as { code?: string }).code ?? '';
  return /^(08|57P|40|53)/.test(code) || /ECONNREFUSED|ECONNRESET|terminat|Connection|timeout/i.test(String(err));
};

/**
 * Runs a reactor on the Postgres log (in both forms: it acts through commands on Postgres
 * anyway). Unlike a projection runner it holds no transaction while it acts: a reader's open
 * write transaction would hold back every other reader of the log (they read below the oldest
 * running transaction). So it acts on a batch, then moves its checkpoint by compare-and-set;
 * if the checkpoint moved meanwhile (another instance, a replay), it re-reads from there.
 * Batches it has nothing to act on (most of the log, for most reactors) move the checkpoint at
 * most once a second, including the stretch it has caught up to.
 * A transient database error is retried with backoff; any other error stops it loudly.
 */
export function startReactor(opts: {
  pool: Pool; store: EventStore; notifier: LogNotifier; reactor: Reactor; logger?: ReactorLogger; batchSize?: number; pollMs?: number;
}): RunningReactor {
  const { pool, store, notifier, reactor, logger, batchSize = 200, pollMs = 250 } = opts;
  const handles = new Set(reactor.handles);
  const abort = new AbortController();
  const reads = sharedLogReadsOf(store);

  /** The checkpoint as stored, and when: a batch the reactor did nothing for may leave it behind for a moment. */
  let stored: { position: LogPosition; at: number } | null = null;
  const moveCheckpoint = async (to: LogPosition): Promise<boolean> => {
    const db = await pool.connect();
    try {
      if (!(await advanceCheckpoint(db, reactor.name, stored!.position, to))) return false;
      stored = { position: to, at: Date.now() };
      return true;
    } finally {
      db.release();
    }
  };

  const step = async (from: LogPosition): Promise<LogPosition | null> => {
    const events = await reads.readAfter(from, batchSize);
    if (events.length === 0) {
      // Caught up: store the position reached, at most once a second as below (under a steady
      // stream of commits it would otherwise be a write per commit), so it never lags for long.
      if (stored!.position !== from) {
        const untilDue = IDLE_CHECKPOINT_MS - (Date.now() - stored!.at);
        if (untilDue > 0) {
          await notifier.wait(abort.signal, Math.min(pollMs, untilDue));
          return from;
        }
        if (!(await moveCheckpoint(from))) return null;
      }
      await notifier.wait(abort.signal, pollMs);
      return from;
    }
    let acted = false;
    for (const e of events) {
      if (abort.signal.aborted) return null;
      if (handles.has(e.type)) {
        await reactor.react(e);
        acted = true;
      }
    }
    const to = positionOf(events[events.length - 1]!);
    // A batch with nothing to act on moves the stored checkpoint at most once a second: after a
    // restart, re-reading it does nothing again. A batch acted on is always stored.
    if (!acted && Date.now() - stored!.at < IDLE_CHECKPOINT_MS) return to;
    return (await moveCheckpoint(to)) ? to : null;
  };

  const loop = async () => {
    let position: LogPosition | null = null;
    let backoff = 100;
    while (!abort.signal.aborted) {
      try {
        if (!position) {
          await pool.query('insert into checkpoints (name) values ($1) on conflict do nothing', [reactor.name]);
          position = await loadCheckpoint(pool, reactor.name);
          stored = { position, at: Date.now() };
        }
        position = await step(position);
        backoff = 100;
      } catch (err) {
        if (abort.signal.aborted) return;
        if (!transient(err)) {
          logger?.error({ err, reactor: reactor.name }, 'reactor stopped');
          throw err;
        }
        logger?.error({ err, reactor: reactor.name, retryInMs: backoff }, 'reactor retrying');
        position = null;
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  };

  const done = loop();
  done.catch(() => {});
  return {
    name: reactor.name,
    done,
    async stop() {
      abort.abort();
      await done.catch(() => {});
    },
  };
}
