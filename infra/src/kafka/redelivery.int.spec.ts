import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createLogNotifier, type LogNotifier } from '../event-store/log-notifier';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { startProjectionRunner } from '../projections/runner';
import { consumerGroupOf, createKafkaSource } from './kafka-source';
import { startRelay } from './relay';
import { appendLeads, appliedRows, appliedVersions, expectedVersions } from './testing/applied-versions-projection';
import { consumedToEnd, endOffsets, messageCount, requireKafka, uniqueTopic } from './testing/kafka-for-tests';
import { ensureTopic } from './topics';

const kafka = await requireKafka();

describe('consumer group reset and redelivery', () => {
  const topic = uniqueTopic('redelivery');
  const name = appliedVersions.name;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let store: EventStore;
  let notifier: LogNotifier;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 20 });
    store = createPostgresEventStore(pool);
    notifier = createLogNotifier(db.url);
    await ensureTopic(kafka, topic, 4);
  });
  afterAll(async () => {
    await notifier.close();
    await pool.end();
    await db.drop();
  });

  const startRunner = () => startProjectionRunner({
    pool, projection: appliedVersions, source: createKafkaSource({ pool, brokers: kafka, topic, name, batchSize: 17 }),
  });
  const relayAll = async () => {
    const total = BigInt([...counts.values()].reduce((a, b) => a + b, 0));
    const relay = startRelay({ pool, brokers: kafka, topic, store, notifier });
    await waitFor(async () => (await messageCount(kafka, topic)) === total, { what: 'the relay to relay everything' });
    await relay.stop();
    return total;
  };

  const consumeToEnd = async (what: string) => {
    const runner = startRunner();
    try {
      await waitFor(() => consumedToEnd(pool, kafka, name, topic), { timeoutMs: 45_000, what });
    } finally {
      await runner.stop();
    }
    return runner.status();
  };

  const counts = new Map<string, number>();

  it('consuming the topic from the beginning three times changes no row', async () => {
    await appendLeads(store, 1, 40, counts);
    const total = await relayAll();

    const first = await consumeToEnd('the first pass');
    expect(first.eventsApplied).toBe(Number(total));
    const expected = expectedVersions(counts);
    expect(await appliedRows(pool)).toEqual(expected);

    const admin = new Admin({ clientId: 'leadfloor-test', bootstrapBrokers: kafka });
    try {
      for (let round = 1; round <= 3; round++) {
        // Back to the beginning twice over: the group's committed offsets are gone, and the
        // stored offsets are forgotten too, so every message is fetched and claimed again;
        // only the stored log positions stand between the redelivery and the rows.
        await admin.deleteGroups({ groups: [consumerGroupOf(name, topic)] });
        await pool.query('update partition_checkpoints set next_offset = -1 where name = $1 and topic = $2', [name, topic]);
        const again = await consumeToEnd(`redelivery round ${round}`);
        expect(again.eventsApplied).toBe(0);
        expect(await appliedRows(pool)).toEqual(expected);
      }
    } finally {
      await admin.close();
    }
    // The stored offsets ended where the topic ends, partition by partition.
    const { rows } = await pool.query<{ partition: number; next_offset: string }>(
      'select partition, next_offset::text as next_offset from partition_checkpoints where name = $1 and topic = $2 order by partition', [name, topic]);
    const ends = await endOffsets(kafka, topic);
    expect(rows.map((r) => [r.partition, BigInt(r.next_offset)])).toEqual([...ends].filter(([, end]) => end > 0n).sort(([a], [b]) => a - b));
  });

  it('two instances of a projection share the partitions and apply each event once', async () => {
    const before = BigInt([...counts.values()].reduce((a, b) => a + b, 0));
    await appendLeads(store, 41, 80, counts);
    const added = (await relayAll()) - before;
    const [a, b] = [startRunner(), startRunner()];
    try {
      await waitFor(() => consumedToEnd(pool, kafka, name, topic), { timeoutMs: 45_000, what: 'the two instances to consume everything' });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(a.status().eventsApplied + b.status().eventsApplied).toBe(Number(added));
    expect(await appliedRows(pool)).toEqual(expectedVersions(counts));
  });
});
