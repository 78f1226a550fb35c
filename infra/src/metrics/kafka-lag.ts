import { Admin } from '@platformatic/kafka';
import { loadPartitionOffsets } from '../kafka/partition-checkpoints';
import type { Pool } from '../postgres/pool';
import { sharedFor } from './log-lag';
import { scrapeGauge } from './scrape-gauge';

const consumerLag = scrapeGauge('leadfloor_kafka_consumer_lag_messages',
  "Messages in the event topic a projection has not applied yet: the partitions' end offsets minus the offsets it stored in Postgres.",
  ['projection']);

/**
 * Per partition, the offset the next message will get (`latest`) or the first one still kept
 * (`earliest`).
 */
async function offsets(admin: Admin, topic: string, which: 'latest' | 'earliest'): Promise<Map<number, bigint>> {
  const metadata = await admin.metadata({ topics: [topic] });
  const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
  const [listed] = await admin.listOffsets({
    topics: [{ name: topic, partitions: Array.from({ length: count }, (_, p) => ({ partitionIndex: p, timestamp: which === 'latest' ? -1n : -2n })) }],
  });
  return new Map((listed?.partitions ?? []).map((p) => [p.partitionIndex, p.offset]));
}

/**
 * Kafka consumer lag of the projections fed from `topic`, read at each scrape. The offsets a
 * projection has applied are the ones in Postgres (partition_checkpoints), not the group's
 * committed offsets, which are only a hint here; a partition it has read nothing from counts
 * from its earliest kept offset. Returns close (unwatch and drop the admin connection).
 */
export function watchKafkaLag({ pool, brokers, topic, projections }: { pool: Pool; brokers: string[]; topic: string; projections: string[] }) {
  let admin: Admin | undefined;
  const client = () => (admin ??= new Admin({ clientId: 'leadfloor-metrics', bootstrapBrokers: brokers, timeout: 5_000, connectTimeout: 3_000 }));
  const read = sharedFor(500, async () => {
    try {
      const [latest, earliest] = await Promise.all([offsets(client(), topic, 'latest'), offsets(client(), topic, 'earliest')]);
      return await Promise.all(projections.map(async (projection) => {
        const stored = await loadPartitionOffsets(pool, projection, topic);
        let lag = 0n;
        for (const [partition, end] of latest) {
          const next = stored.get(partition) ?? earliest.get(partition) ?? 0n;
          if (end > next) lag += end - next;
        }
        return { labels: { projection }, value: Number(lag) };
      }));
    } catch (err) {
      // A broken connection is rebuilt at the next scrape.
      const old = admin;
      admin = undefined;
      await old?.close().catch(() => {});
      throw err;
    }
  });
  const unwatch = consumerLag.watch(read);
  return {
    async close() {
      unwatch();
      await admin?.close().catch(() => {});
      admin = undefined;
    },
  };
}
