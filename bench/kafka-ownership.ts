import { randomBytes } from 'node:crypto';
import { Admin, Consumer, stringDeserializers } from '@platformatic/kafka';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { decodeEvent } from '@leadfloor/infra/kafka/event-message';
import { startRelay } from '@leadfloor/infra/kafka/relay';
import { listedBrokers } from '@leadfloor/infra/kafka/listed-brokers';
import { ensureTopic } from '@leadfloor/infra/kafka/topics';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { sleep } from './stats';

export const kafkaBrokers = () => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim()).filter(Boolean);

export const kafkaReachable = (brokers = kafkaBrokers()) =>
  listedBrokers(brokers, { clientId: 'lf-bench-probe' }).then((n) => n > 0, () => false);

async function endOffsets(admin: Admin, topic: string) {
  const metadata = await admin.metadata({ topics: [topic] });
  const count = metadata.topics.get(topic)!.partitionsCount;
  const [listed] = await admin.listOffsets({
    topics: [{ name: topic, partitions: Array.from({ length: count }, (_, p) => ({ partitionIndex: p, timestamp: -1n })) }],
  });
  return new Map(listed!.partitions.map((p) => [p.partitionIndex, p.offset]));
}

/**
 * The distributed form's leg of the ownership check: LeadFloor's relay copies the log to a topic
 * of the bench's own; reading the topic back in partition order, with duplicates (at-least-once)
 * dropped by stream version, no lead may be claimed while it has an owner.
 */
export async function relayToKafka(pool: Pool, signal: AbortSignal) {
  const brokers = kafkaBrokers();
  const topic = `lf-bench-race-${process.pid}-${randomBytes(3).toString('hex')}`;
  await ensureTopic(brokers, topic, 6);
  const relay = startRelay({ pool, brokers, topic, store: createPostgresEventStore(pool), checkpointName: `bench:${topic}`, pollMs: 50 });
  const admin = new Admin({ clientId: 'lf-bench-check', bootstrapBrokers: brokers });

  return {
    /** Waits for the relay to pass the end of the log, then reads the whole topic back. */
    async doubleOwners(streamIds: Set<string>) {
      const { rows } = await pool.query<{ pos: string }>('select max(global_position)::text as pos from events');
      for (const deadline = Date.now() + 120_000; ; await sleep(100)) {
        const at = relay.stats().position;
        const { rows: done } = await pool.query<{ ok: boolean }>(
          'select not exists (select 1 from events where global_position <= $1 and (transaction_id, global_position) > ($2::text::xid8, $3::bigint)) as ok',
          [rows[0]!.pos, at?.transactionId ?? '0', at?.globalPosition ?? '0']);
        if (done[0]!.ok) break;
        if (Date.now() > deadline || signal.aborted) throw new Error('the relay did not catch up with the log within 120 s');
      }
      const ends = await endOffsets(admin, topic);
      const consumer = new Consumer<string, string, string, string>({
        clientId: 'lf-bench-check', groupId: `lf-bench-check-${randomBytes(4).toString('hex')}`, bootstrapBrokers: brokers,
        deserializers: stringDeserializers, autocommit: false, maxWaitTime: 500,
      });
      const seen = new Map<string, { version: number; owned: boolean }>();
      let doubles = 0;
      let messages = 0;
      try {
        const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: false });
        const reached = new Map<number, bigint>();
        const finished = () => [...ends].every(([p, end]) => end === 0n || (reached.get(p) ?? -1n) >= end - 1n);
        const deadline = Date.now() + 120_000;
        for await (const m of stream) {
          messages++;
          reached.set(m.partition, m.offset);
          const e = decodeEvent(m.value, m);
          if (streamIds.has(e.streamId)) {
            const s = seen.get(e.streamId) ?? { version: 0, owned: false };
            if (e.streamVersion > s.version) {
              if (e.type === 'LeadClaimed' && s.owned) doubles++;
              if (e.type === 'LeadClaimed' || e.type === 'LeadReassigned') s.owned = true;
              if (e.type === 'LeadReleased') s.owned = false;
              s.version = e.streamVersion;
              seen.set(e.streamId, s);
            }
          }
          if (finished() || Date.now() > deadline || signal.aborted) break;
        }
        await stream.close();
      } finally {
        await new Promise<void>((resolve) => consumer.close(true, () => resolve()));
      }
      return { doubles, messages, streams: seen.size };
    },
    async stop() {
      await relay.stop();
      await admin.deleteTopics({ topics: [topic] }).catch(() => {});
      await admin.close().catch(() => {});
    },
  };
}
