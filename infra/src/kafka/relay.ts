import type { RecordedEvent } from '@leadfloor/events';
import type { EventStore, LogPosition } from '../event-store/types';
import type { LogNotifier } from '../event-store/log-notifier';
import type { Logger } from '../logger';
import { metrics } from '../metrics/metrics';
import type { Pool } from '../postgres/pool';
import { sleep } from './abortable-sleep';
import { acquireSessionLock, type HeldLock } from './relay-lock';
import { encodeEvent, PoisonEventError } from './event-message';
import {
  classifySendError, createRelayProducer, RelayFatalError, type OutgoingMessage, type RelayProducer,
} from './relay-producer';

export type RelayOptions = {
  pool: Pool;
  brokers: string[];
  topic: string;
  store: Pick<EventStore, 'readAfter'>;
  signal?: AbortSignal;
  /** Most events read per round. */
  batchSize?: number;
  /** Most bytes per send: every partition's record batch stays under the broker's message limit. */
  maxBatchBytes?: number;
  /** Commit wake-ups; without one the relay polls every `pollMs`. */
  notifier?: Pick<LogNotifier, 'wait'>;
  pollMs?: number;
  checkpointName?: string;
  /** With debug enabled, one line per relayed event with its correlation id. */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'> & { debug?(obj: object, msg?: string): void; isLevelEnabled?(level: string): boolean };
  /** Seam for the crash test: runs once a batch is acknowledged, before its checkpoint moves. */
  afterProduce?: (events: RecordedEvent[]) => Promise<void> | void;
};

export type RelayStats = {
  /** Whether this instance holds the relay lock (others wait for it). */
  active: boolean;
  /** The checkpoint: the last event acknowledged by Kafka and recorded. */
  position: LogPosition | null;
  relayedEvents: number;
  lastRelayedAt: Date | null;
  /** occurredAt of the last relayed event: lastRelayedAt minus this is the relay's lag. */
  lastEventOccurredAt: Date | null;
};

export type Relay = {
  /** Resolves when stopped; rejects when the relay stops on its own (poison event, refusal). */
  done: Promise<void>;
  stop(opts?: { flushMs?: number }): Promise<void>;
  stats(): RelayStats;
};

export const RELAY_CHECKPOINT = 'kafka-relay';

/** Delays (ms) of the re-reads after a commit notification that brought nothing readable. */
const REREADS = [5, 20, 50];

/**
 * The transactional-outbox relay: events table -> Kafka, in commit order, at least once.
 * One instance works at a time (session advisory lock); it produces a batch keyed by stream id,
 * awaits acks=all, and only then moves its checkpoint by compare-and-set. A crash between the
 * two re-sends the batch: consumers drop the duplicates by log position.
 */
export function startRelay(opts: RelayOptions): Relay {
  const {
    pool, brokers, topic, store, batchSize = 500, maxBatchBytes = 900_000, notifier, pollMs = 200,
    checkpointName = RELAY_CHECKPOINT, logger, afterProduce,
  } = opts;
  const stopping = new AbortController();
  // Stopping first drains: what is committed gets produced and checkpointed, then the loop ends.
  const draining = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stopping.signal]) : stopping.signal;
  const stats: RelayStats = { active: false, position: null, relayedEvents: 0, lastRelayedAt: null, lastEventOccurredAt: null };

  async function relayWhileLocked(lock: HeldLock): Promise<void> {
    const working = AbortSignal.any([signal, lock.lost]);
    let position = await loadCheckpoint(pool, checkpointName);
    stats.position = position;
    let producer: RelayProducer | null = null;
    // A send to a dead broker can take a while to give up; stopping must not wait for it.
    const interrupt = () => void producer?.close();
    working.addEventListener('abort', interrupt, { once: true });
    // The checkpoint of a produced batch moves while the next batch is read and sent; each move
    // is awaited before the next one (they stay in order) and before the relay goes idle.
    let moving: Promise<boolean> | null = null;
    const moved = async () => {
      const m = moving;
      moving = null;
      if (!m || (await m)) return true;
      // Someone else moved it (a replay reset, or a relay that took over after a lost lock).
      logger?.warn({ checkpoint: checkpointName }, 'relay checkpoint moved under us; re-reading it');
      position = await loadCheckpoint(pool, checkpointName);
      stats.position = position;
      return false;
    };
    // After a commit notification that found nothing readable yet (an older transaction still
    // running holds the log back), re-read after short delays rather than the whole poll.
    let rereads = REREADS.length;
    try {
      while (!working.aborted) {
        const events = await store.readAfter(position, batchSize);
        if (events.length === 0) {
          if (!(await moved())) continue;
          if (draining.signal.aborted) break;
          const idle = AbortSignal.any([working, draining.signal]);
          const wait = rereads < REREADS.length ? REREADS[rereads++]! : pollMs;
          const t0 = Date.now();
          await (notifier ? notifier.wait(idle, wait) : sleep(wait, idle));
          if (notifier && Date.now() - t0 < wait - 1) rereads = 0;
          continue;
        }
        rereads = REREADS.length;
        const messages = fitBytes(serializablePrefix(topic, events), maxBatchBytes);
        let sent = 0;
        for (let attempt = 0; sent === 0 && !working.aborted; attempt++) {
          try {
            producer ??= createRelayProducer(brokers, `leadfloor-relay-${process.pid}`);
            await producer.send(messages);
            sent = messages.length;
          } catch (err) {
            // After any failure the producer's sequence numbers may be out of step with the
            // broker; a fresh producer id starts them over (at worst, duplicates in Kafka).
            await producer?.close();
            producer = null;
            if (working.aborted) break;
            const failure = classifySendError(err);
            if (failure === 'rejected') {
              if (messages.length > 1) {
                messages.length = Math.ceil(messages.length / 2);
                continue;
              }
              throw new PoisonEventError(events[0]!, 'the broker refused it', { cause: err });
            }
            if (failure === 'fatal') throw new RelayFatalError(`relay stopped: the broker refused to take events (${String(err)})`, { cause: err });
            logger?.warn({ err, attempt }, 'kafka unavailable; relay retrying with backoff');
            await sleep(Math.min(5_000, 200 * 2 ** attempt) * (0.5 + Math.random() / 2), working);
          }
        }
        if (sent === 0) break;
        const last = events[sent - 1]!;
        await afterProduce?.(events.slice(0, sent));
        // the previous batch's move failed: this batch was read from a position that is not ours
        if (!(await moved())) continue;
        const from = position;
        const next = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        position = next;
        moving = moveCheckpoint(pool, checkpointName, from, next).then((ok) => {
          if (!ok) return false;
          metrics.relayedEvents.inc(sent);
          if (logger?.debug && logger.isLevelEnabled?.('debug')) {
            for (const e of events.slice(0, sent)) {
              logger.debug({ type: e.type, streamId: e.streamId, position: e.globalPosition, correlationId: e.metadata.correlationId }, 'relayed');
            }
          }
          stats.relayedEvents += sent;
          stats.lastRelayedAt = new Date();
          stats.lastEventOccurredAt = new Date(last.occurredAt);
          stats.position = next;
          return true;
        });
        moving.catch(() => {}); // awaited by moved(); a failure surfaces there
      }
      await moved();
    } finally {
      working.removeEventListener('abort', interrupt);
      await moving?.catch(() => {});
      await producer?.close();
    }
  }

  async function run(): Promise<void> {
    while (!signal.aborted) {
      const lock = await acquireSessionLock(pool, `leadfloor:${checkpointName}`, AbortSignal.any([signal, draining.signal]));
      if (!lock) return;
      stats.active = true;
      logger?.info({ topic }, 'relay active');
      try {
        await relayWhileLocked(lock);
        if (draining.signal.aborted) return;
      } catch (err) {
        if (err instanceof PoisonEventError || err instanceof RelayFatalError) throw err;
        if (signal.aborted) return;
        // Postgres trouble (restart, failover): drop the lock and start over from the checkpoint.
        logger?.warn({ err }, 'relay interrupted; starting over from its checkpoint');
        await sleep(1_000, signal);
      } finally {
        stats.active = false;
        await lock.release();
      }
      if (lock.lost.aborted && !signal.aborted) logger?.warn('relay lost its lock; waiting to take it again');
    }
  }

  const done = run().catch((err) => {
    logger?.error({ err }, 'relay stopped');
    throw err;
  });
  // Callers that only poll stats must not crash on an unobserved rejection before they await done.
  done.catch(() => {});
  return {
    done,
    /**
     * Flushes, then stops: events already committed are produced and checkpointed for up to
     * `flushMs`; after that an unfinished send is interrupted (nothing is lost: the next relay
     * starts from the checkpoint). A failure is reported by `done`, not here.
     */
    async stop({ flushMs = 5_000 }: { flushMs?: number } = {}) {
      draining.abort();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([done.catch(() => {}), new Promise((r) => { timer = setTimeout(r, flushMs); })]);
      clearTimeout(timer);
      stopping.abort();
      await done.catch(() => {});
    },
    stats: () => ({ ...stats }),
  };
}

/**
 * The events before the first one that cannot be serialized: they go out first, and the next
 * round starts at the bad one and stops the relay there (the error names it).
 */
function serializablePrefix(topic: string, events: RecordedEvent[]): OutgoingMessage[] {
  const messages: OutgoingMessage[] = [];
  for (const event of events) {
    try {
      messages.push({ topic, key: event.streamId, value: encodeEvent(event) });
    } catch (err) {
      if (messages.length === 0) throw err;
      break;
    }
  }
  return messages;
}

/** Takes messages up to the byte budget, always at least one (an oversize one fails alone). */
function fitBytes(messages: OutgoingMessage[], maxBytes: number): OutgoingMessage[] {
  let total = 0;
  let n = 0;
  for (const m of messages) {
    total += Buffer.byteLength(m.value) + Buffer.byteLength(m.key);
    if (n > 0 && total > maxBytes) break;
    n++;
  }
  return messages.slice(0, n);
}

async function loadCheckpoint(pool: Pool, name: string): Promise<LogPosition> {
  await pool.query('insert into checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
  const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
    'select transaction_id::text as transaction_id, global_position::text as global_position from checkpoints where name = $1', [name]);
  const row = rows[0]!;
  return { transactionId: row.transaction_id, globalPosition: row.global_position };
}

async function moveCheckpoint(pool: Pool, name: string, from: LogPosition, to: LogPosition): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update checkpoints set transaction_id = $4::text::xid8, global_position = $5, updated_at = now()
     where name = $1 and transaction_id = $2::text::xid8 and global_position = $3`,
    [name, from.transactionId, from.globalPosition, to.transactionId, to.globalPosition]);
  return rowCount === 1;
}
