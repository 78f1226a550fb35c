import { Consumer, stringDeserializers, type Message, type MessagesStream } from '@platformatic/kafka';
import type { Pool } from '../postgres/pool';
import { beginLocked } from '../projections/tables';
import type { EventBatch, EventSource } from '../projections/types';
import { sleep } from './abortable-sleep';
import { decodeEvent, PoisonMessageError } from './event-message';
import { claimPartitionItems, loadPartitionOffsets, type PartitionItem } from './partition-checkpoints';

type StringMessage = Message<string, string, string, string>;
type Subscription = { consumer: Consumer<string, string, string, string>; stream: MessagesStream<string, string, string, string>; failed: Error | null };

export type KafkaSourceOptions = {
  pool: Pool;
  brokers: string[];
  topic: string;
  /** The projection's name: its partition checkpoints, and with the topic its consumer group. */
  name: string;
  /** Most events per batch (one read-model transaction). */
  batchSize?: number;
  /** How long events the runner does not want may be held back to go out with later ones. */
  holdMs?: number;
  /** Least time between two offset commits to Kafka (a hint only: Postgres holds the truth). */
  commitEveryMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
};

/**
 * One group per projection and topic. Per projection alone is not enough: the client's group
 * assignor hands every member partitions of every topic any member subscribed to, so two
 * topics in one group would leave each consumer reading partitions it never asked for.
 */
export const consumerGroupOf = (name: string, topic: string) => `${name}@${topic}`;

/**
 * The distributed form's event source: one consumer group per projection, auto-commit off.
 * Each batch is claimed inside the runner's transaction against the partition checkpoints in
 * Postgres (claimPartitionItems), so Postgres decides what is applied; committing offsets to
 * Kafka afterwards only spares a restarted consumer some re-reading. On every (re)start the
 * consumer seeks to the stored offsets, or to the earliest offset where none is stored.
 *
 * A broker outage is waited out here (reconnect with backoff, from the stored offsets); only a
 * message that is not an event makes `next` reject, and that stops the runner loudly.
 */
export function createKafkaSource(opts: KafkaSourceOptions): EventSource {
  const { pool, brokers, topic, name, batchSize = 500, holdMs = 500, commitEveryMs = 1_000, logger } = opts;
  let current: Subscription | null = null;
  let opening: Promise<Subscription> | null = null;
  let closed = false;
  // the last applied message of each partition, not yet committed to Kafka
  const toCommit = new Map<number, StringMessage>();
  let committedAt = 0;

  async function subscribe(): Promise<Subscription> {
    const stored = await loadPartitionOffsets(pool, name, topic);
    const consumer = new Consumer<string, string, string, string>({
      clientId: `leadfloor-${name}`,
      groupId: consumerGroupOf(name, topic),
      bootstrapBrokers: brokers,
      autocommit: false,
      deserializers: stringDeserializers,
      // Short group timings: a crashed projector's partitions move to a live one in seconds.
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 15_000,
      // Fetches long-poll at most this long: a reset or a stop never waits on an idle fetch.
      maxWaitTime: 500,
    });
    // The client reports a rejoin that failed for good (after a heartbeat error, or one still
    // retrying after this source closed the consumer) as an 'error' event: unheard, it would end
    // the process. The live subscription starts over from the stored offsets instead.
    let sub: Subscription | null = null;
    consumer.on('error', (err: Error) => {
      if (sub && sub === current) sub.failed ??= err;
    });
    try {
      const stream = await consumer.consume({
        topics: [topic],
        autocommit: false,
        mode: 'manual',
        offsets: [...stored].map(([partition, offset]) => ({ topic, partition, offset })),
        fallbackMode: 'earliest',
      });
      const opened: Subscription = { consumer, stream, failed: null };
      sub = opened;
      stream.on('error', (err) => (opened.failed = err));
      // A 'readable' listener takes the stream out of its initial state, which fetches nothing.
      stream.on('readable', () => {});
      return opened;
    } catch (err) {
      await shut(consumer);
      throw err;
    }
  }

  async function unsubscribe() {
    const sub = current ?? (await opening?.catch(() => null));
    current = null;
    opening = null;
    toCommit.clear();
    if (sub) await shut(sub.consumer);
  }

  function batchOf(held: { item: PartitionItem; message: StringMessage }[]): EventBatch {
    const items = held.map((h) => h.item);
    return {
      // Several projector processes share a group's partitions, and a projection's rows are not
      // all per stream (a user's notifications are numbered across leads, counters sum many
      // streams): the projection's writer lock keeps their batches from interleaving, as the
      // tail source's. Reading, decoding and the consumers' share of the partitions stay spread.
      begin: beginLocked(name),
      claim: (db) => claimPartitionItems(db, name, topic, items),
      async afterCommit() {
        for (const { message } of held) toCommit.set(message.partition, message);
        if (Date.now() - committedAt < commitEveryMs) return;
        committedAt = Date.now();
        for (const m of toCommit.values()) {
          void Promise.resolve(m.commit()).catch(() => {}); // a hint: never worth failing or waiting for
        }
        toCommit.clear();
      },
    };
  }

  return {
    // A batch goes out as soon as it holds an event the runner wants; other events are held
    // (up to holdMs, or a full batch) and go out together, so a projection with nothing to do
    // does not commit on every message.
    async next(signal, wanted) {
      let attempt = 0;
      let held: { item: PartitionItem; message: StringMessage }[] = [];
      let holdUntil = 0;
      while (!signal.aborted && !closed) {
        try {
          opening ??= subscribe();
          current = await raceAbort(opening, signal);
          if (!current) return null;
          const { stream } = current;
          if (current.failed || stream.destroyed || stream.readableEnded) throw current.failed ?? new Error('kafka stream ended');
          attempt = 0;
          let m: StringMessage | null;
          let want = false;
          while (held.length < batchSize && (m = stream.read() as StringMessage | null) !== null) {
            const item = { partition: m.partition, offset: m.offset, event: decodeEvent(m.value, m) };
            held.push({ item, message: m });
            want ||= !wanted || wanted(item.event);
          }
          if (held.length > 0) {
            if (want || held.length >= batchSize) return batchOf(held);
            holdUntil ||= Date.now() + holdMs;
            if (Date.now() >= holdUntil) return batchOf(held);
          }
          await dataOrTrouble(stream, signal, held.length > 0 ? holdUntil - Date.now() : undefined);
        } catch (err) {
          if (err instanceof PoisonMessageError) throw err;
          // The broker is away or the group is reshuffling: start over from the stored offsets.
          held = [];
          holdUntil = 0;
          logger?.warn({ err, projection: name, attempt }, 'kafka consumer failed; reconnecting');
          await unsubscribe();
          await sleep(Math.min(5_000, 250 * 2 ** attempt++), signal);
        }
      }
      return null;
    },
    async reset() {
      await unsubscribe();
    },
    async close() {
      closed = true;
      await unsubscribe();
    },
  };
}

async function shut(consumer: Consumer<string, string, string, string>) {
  // Forced: leaves the group even with a stream open. A failure (broker away) leaves nothing to do.
  await new Promise<void>((resolve) => consumer.close(true, () => resolve()));
}

async function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return null;
  let onAbort = () => {};
  const aborted = new Promise<null>((resolve) => {
    onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([p, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function dataOrTrouble(stream: MessagesStream<string, string, string, string>, signal: AbortSignal, timeoutMs?: number): Promise<void> {
  return new Promise((resolve) => {
    const events = ['readable', 'error', 'close', 'end'];
    // Through the plain Readable API: the stream's typed overloads take one event name at a time.
    const readable: NodeJS.EventEmitter = stream;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => done(), Math.max(1, timeoutMs));
    const done = () => {
      clearTimeout(timer);
      for (const e of events) readable.off(e, done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    for (const e of events) readable.once(e, done);
    signal.addEventListener('abort', done, { once: true });
  });
}
