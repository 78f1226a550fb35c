import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createLogNotifier, type LogNotifier } from '../event-store/log-notifier';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { startProjectionRunner } from '../projections/runner';
import { createKafkaSource } from './kafka-source';
import { RELAY_CHECKPOINT, startRelay } from './relay';
import { appendLeads, appliedRows, appliedVersions, expectedVersions } from './testing/applied-versions-projection';
import { consumedToEnd, messageCount, requireKafka, uniqueTopic } from './testing/kafka-for-tests';
import { ensureTopic } from './topics';

const kafka = await requireKafka();
const childScript = fileURLToPath(new URL('./testing/relay-child.ts', import.meta.url));

describe('relay killed between produce and checkpoint', () => {
  const topic = uniqueTopic('crash');
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let store: EventStore;
  let notifier: LogNotifier;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 20 });
    store = createPostgresEventStore(pool);
    notifier = createLogNotifier(db.url);
    await ensureTopic(kafka, topic, 3);
  });
  afterAll(async () => {
    await notifier.close();
    await pool.end();
    await db.drop();
  });

  const relayCheckpoint = async () =>
    (await pool.query('select global_position::text as p from checkpoints where name = $1', [RELAY_CHECKPOINT])).rows[0]?.p ?? '0';

  it('leaves duplicates in Kafka and the read model unchanged', async () => {
    const counts = new Map<string, number>();
    await appendLeads(store, 1, 24, counts);
    const total = BigInt([...counts.values()].reduce((a, b) => a + b, 0));

    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      env: { ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: kafka.join(','), KAFKA_TOPIC: topic, RELAY_HANG_AFTER_PRODUCE: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = once(child, 'exit');
    await waitFor(() => out.includes('PRODUCED'), { timeoutMs: 45_000, what: 'the child relay to produce its batch' });
    child.kill('SIGKILL');
    await exited;
    expect(out).toContain(`PRODUCED ${total}`);
    expect(await relayCheckpoint()).toBe('0'); // acknowledged by Kafka, never recorded
    expect(await messageCount(kafka, topic)).toBe(total);

    // The projector takes the first copy while no relay runs...
    const runner = startProjectionRunner({
      pool, projection: appliedVersions, source: createKafkaSource({ pool, brokers: kafka, topic, name: appliedVersions.name, batchSize: 30 }),
    });
    try {
      await waitFor(() => consumedToEnd(pool, kafka, appliedVersions.name, topic), { timeoutMs: 45_000, what: 'the first copy to be consumed' });
      expect(await appliedRows(pool)).toEqual(expectedVersions(counts));

      // ...then a restarted relay sends the whole batch again, under new offsets.
      const relay = startRelay({ pool, brokers: kafka, topic, store, notifier });
      try {
        const all = await store.readAfter({ transactionId: '0', globalPosition: '0' }, 10_000);
        await waitFor(async () => (await relayCheckpoint()) === all.at(-1)!.globalPosition, { what: 'the restarted relay to catch up' });
      } finally {
        await relay.stop();
      }
      expect(await messageCount(kafka, topic)).toBe(2n * total);
      await waitFor(() => consumedToEnd(pool, kafka, appliedVersions.name, topic), { timeoutMs: 45_000, what: 'the duplicates to be consumed' });
      expect(await appliedRows(pool)).toEqual(expectedVersions(counts));
      expect(runner.status().eventsApplied).toBe(Number(total));
    } finally {
      await runner.stop();
    }
  });
});
