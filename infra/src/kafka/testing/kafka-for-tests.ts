import { randomBytes } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import type { Pool } from '../../postgres/pool';
import { listedBrokers } from '../listed-brokers';

// What the Kafka integration tests share: the broker from KAFKA_BROKERS (the one
// infra/kafka/start.sh runs), a topic of their own, and the figures they wait on.

export const kafkaBrokers = (): string[] =>
  (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim()).filter(Boolean);

const reachable = (brokers: string[]) =>
  listedBrokers(brokers, { clientId: 'leadfloor-test-probe' }).then((n) => n > 0, () => false);

/**
 * The brokers, once one answers. Without one the test file fails, naming the broker and how to
 * get one: a skipped Kafka test would let a run pass that tested nothing.
 */
export async function requireKafka(): Promise<string[]> {
  const brokers = kafkaBrokers();
  if (await reachable(brokers)) return brokers;
  throw new Error(`Kafka broker not reachable at ${brokers.join(',')} (KAFKA_BROKERS): run \`npm test\`, which starts one, `
    + 'or start one with `npm run kafka:start`');
}

export const uniqueTopic = (what: string) => `lf-test-${what}-${randomBytes(4).toString('hex')}`;

/** Per partition, the offset the next message will get (= messages ever written to it). */
export async function endOffsets(brokers: string[], topic: string): Promise<Map<number, bigint>> {
  const admin = new Admin({ clientId: 'leadfloor-test-offsets', bootstrapBrokers: brokers });
  try {
    const metadata = await admin.metadata({ topics: [topic] });
    const count = metadata.topics.get(topic)!.partitionsCount;
    const [listed] = await admin.listOffsets({
      topics: [{ name: topic, partitions: Array.from({ length: count }, (_, p) => ({ partitionIndex: p, timestamp: -1n })) }],
    });
    return new Map(listed!.partitions.map((p) => [p.partitionIndex, p.offset]));
  } finally {
    await admin.close();
  }
}

export const messageCount = async (brokers: string[], topic: string) =>
  [...(await endOffsets(brokers, topic)).values()].reduce((a, b) => a + b, 0n);

/** True once a projection has claimed every message of the topic, per its partition checkpoints. */
export async function consumedToEnd(pool: Pool, brokers: string[], name: string, topic: string): Promise<boolean> {
  const ends = await endOffsets(brokers, topic);
  const { rows } = await pool.query<{ partition: number; next_offset: string }>(
    'select partition, next_offset::text as next_offset from partition_checkpoints where name = $1 and topic = $2', [name, topic]);
  const stored = new Map(rows.map((r) => [r.partition, BigInt(r.next_offset)]));
  return [...ends].every(([p, end]) => end === 0n || stored.get(p) === end);
}
