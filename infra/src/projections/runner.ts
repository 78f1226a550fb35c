import type { RecordedEvent } from '@leadfloor/events';
import { metrics } from '../metrics/metrics';
import type { Pool } from '../postgres/pool';
import { isDatabaseUnavailable } from '../postgres/unavailable';
import { ensureProjectionTables } from './tables';
import { CHECKPOINT_MOVED, type EventSource, type Projection, type RunnerMemory } from './types';

export type RunnerLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** One line per applied event with its correlation id, to follow a request into the read model (pino's debug). */
  debug?(obj: object, msg?: string): void;
  isLevelEnabled?(level: string): boolean;
};

export type RunnerStatus = {
  projection: string;
  /** The last applied event's position, and when it was committed to the read model. */
  lastPosition: string | null;
  lastEventAt: Date | null;
  appliedAt: Date | null;
  eventsApplied: number;
  failed: Error | null;
};

export type ProjectionRunner = {
  status(): RunnerStatus;
  /** Resolves when the runner stops: on stop(), or with the error that stopped it. */
  done: Promise<void>;
  stop(): Promise<void>;
};

const transient = (err: unknown) => {
  const code = (err as { code?: string }).code ?? '';
  // connection failures, admin shutdown, out of connections, serialization/deadlock: retry;
  // anything else is a bug
  return isDatabaseUnavailable(err) || /^(08|57P|40)/.test(code) || /ECONNREFUSED|ECONNRESET|terminat|Connection|timeout exceeded when trying to connect/i.test(String(err));
};

/**
 * Applies batches from `source` to `projection`: checkpoint and read-model writes commit in one
 * transaction, so a crash at any point leaves either both or neither. Transient database errors
 * are retried with backoff; a failure inside the projection stops the runner loudly (`done`
 * rejects) instead of skipping an event. The runner tells its source which events it applies
 * (so batches of others can wait and go together), and lends the projection a memory that it
 * empties whenever a batch might not directly follow the last one it committed.
 */
export function startProjectionRunner(opts: {
  pool: Pool; projection: Projection; source: EventSource; logger?: RunnerLogger;
  onApplied?(events: RecordedEvent[]): void;
}): ProjectionRunner {
  const { pool, projection, source, logger, onApplied } = opts;
  const handles = new Set(projection.handles);
  const wanted = (e: RecordedEvent) => handles.has(e.type);
  const abort = new AbortController();
  const status: RunnerStatus = {
    projection: projection.name, lastPosition: null, lastEventAt: null, appliedAt: null, eventsApplied: 0, failed: null,
  };

  // Valid only while each batch follows the last one committed (see RunnerMemory).
  const memory: RunnerMemory = new Map();
  let committed = false;

  const applyOne = async (): Promise<boolean> => {
    const batch = await source.next(abort.signal, wanted);
    if (!batch) return false;
    const db = await pool.connect();
    try {
      await db.query(batch.begin ?? 'begin');
      const events = await batch.claim(db);
      const follows = committed && batch.follows === true;
      committed = false;
      if (!follows) memory.clear();
      if (events === null) {
        await db.query('rollback');
        await source.reset();
        return true;
      }
      const relevant = events.filter((e) => handles.has(e.type));
      if (relevant.length > 0) await projection.apply(db, relevant, projection.tables, memory);
      const settled = batch.commit !== undefined
        ? await db.query(batch.commit).then(() => true, (err: { code?: string }) => {
          if (err.code === CHECKPOINT_MOVED) return false;
          throw err;
        })
        : !batch.settle || (await batch.settle(db));
      if (!settled) {
        memory.clear();
        await db.query('rollback');
        await source.reset();
        return true;
      }
      if (batch.commit === undefined) await db.query('commit');
      committed = true;
      await batch.afterCommit?.();
      const last = events[events.length - 1];
      if (last) {
        status.lastPosition = last.globalPosition;
        status.lastEventAt = last.occurredAt;
        status.appliedAt = new Date();
        status.eventsApplied += events.length;
        metrics.projectionEvents.inc({ projection: projection.name }, events.length);
        if (logger?.debug && logger.isLevelEnabled?.('debug')) {
          for (const e of relevant) {
            logger.debug({
              projection: projection.name, type: e.type, streamId: e.streamId, streamVersion: e.streamVersion,
              position: e.globalPosition, correlationId: e.metadata.correlationId,
            }, 'projected');
          }
        }
        onApplied?.(events);
      }
      return true;
    } catch (err) {
      committed = false;
      memory.clear();
      await db.query('rollback').catch(() => {});
      throw err;
    } finally {
      db.release();
    }
  };

  const loop = async () => {
    let backoff = 100;
    let ready = false;
    while (!abort.signal.aborted) {
      try {
        if (!ready) {
          const db = await pool.connect();
          try {
            await ensureProjectionTables(db, projection);
          } finally {
            db.release();
          }
          ready = true;
        }
        if (!(await applyOne())) break;
        backoff = 100;
      } catch (err) {
        if (!transient(err)) {
          status.failed = err as Error;
          logger?.error({ err, projection: projection.name }, 'projection stopped');
          throw err;
        }
        logger?.error({ err, projection: projection.name, retryInMs: backoff }, 'projection retrying');
        await source.reset().catch(() => {});
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5_000);
      }
    }
  };

  const done = loop();
  done.catch(() => {});
  return {
    status: () => ({ ...status }),
    done,
    async stop() {
      abort.abort();
      await done.catch(() => {});
      await source.close();
    },
  };
}
