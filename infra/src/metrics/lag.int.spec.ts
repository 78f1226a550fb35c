import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createLogNotifier, type LogNotifier } from '../event-store/log-notifier';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { LOG_START, type EventStore } from '../event-store/types';
import { createKafkaSource } from '../kafka/kafka-source';
import { RELAY_CHECKPOINT, startRelay } from '../kafka/relay';
import { appendLeads, appliedVersions } from '../kafka/testing/applied-versions-projection';
import { requireKafka, uniqueTopic } from '../kafka/testing/kafka-for-tests';
import { ensureTopic } from '../kafka/topics';
import { createPool, type Pool } from '../postgres/pool';
import { startProjectionRunner } from '../projections/runner';
import { watchKafkaLag } from './kafka-lag';
import { checkpointPosition, lagBehind } from './log-lag';
import { registry } from './metrics';
import { watchProjections, watchRelay } from './watch-background';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let notifier: LogNotifier;
let total = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10 });
  store = createPostgresEventStore(pool);
  notifier = createLogNotifier(db.url);
  const counts = new Map<string, number>();
  await appendLeads(store, 1, 12, counts);
  total = [...counts.values()].reduce((a, b) => a + b, 0);
});
afterAll(async () => {
  await notifier.close();
  await pool.end();
  await db.drop();
});

/** A gauge's value at a scrape, by its labels. */
async function gauge(name: string, labels: Record<string, string> = {}) {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want))?.value;
}

describe('lag behind the log head', () => {
  it('counts the events after a position, and how long the oldest has waited', async () => {
    const fromStart = await lagBehind(pool, LOG_START);
    expect(fromStart.events).toBe(total);
    expect(fromStart.seconds).toBeGreaterThanOrEqual(0);
    // The newest event from the table itself: readAfter stops below the cluster's oldest running
    // transaction, which another test's may hold back.
    const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position::text from events order by transaction_id desc, global_position desc limit 1`);
    expect(await lagBehind(pool, { transactionId: rows[0]!.transaction_id, globalPosition: rows[0]!.global_position }))
      .toEqual({ events: 0, seconds: 0 });
  });

  it('reads a reader that has no checkpoint yet as at the start', async () => {
    expect(await checkpointPosition(pool, 'never-ran')).toEqual(LOG_START);
  });
});

const kafka = await requireKafka();

describe('relay, projection and Kafka consumer lag', () => {
  const topic = uniqueTopic('lag');

  it('shows the backlog before the relay and the projector run, and zero once they caught up', async () => {
    await ensureTopic(kafka, topic, 3);
    const relay = startRelay({ pool, brokers: kafka, topic, store, notifier, signal: AbortSignal.abort() });
    await relay.stop();
    const unwatchRelay = watchRelay({ pool, stats: relay.stats, checkpointName: RELAY_CHECKPOINT });
    expect(await gauge('leadfloor_relay_lag_events')).toBe(total);
    expect(await gauge('leadfloor_relay_active')).toBe(0);
    unwatchRelay();

    const running = startRelay({ pool, brokers: kafka, topic, store, notifier });
    const unwatchRunning = watchRelay({ pool, stats: running.stats, checkpointName: RELAY_CHECKPOINT });
    const kafkaLag = watchKafkaLag({ pool, brokers: kafka, topic, projections: [appliedVersions.name] });
    let runner: ReturnType<typeof startProjectionRunner> | undefined;
    let unwatchProjection = () => {};
    try {
      await waitFor(async () => (await gauge('leadfloor_relay_lag_events')) === 0, { timeoutMs: 45_000, what: 'the relay to catch up' });
      expect(await gauge('leadfloor_relay_active')).toBe(1);
      expect(await gauge('leadfloor_kafka_consumer_lag_messages', { projection: appliedVersions.name })).toBe(total);

      runner = startProjectionRunner({ pool, projection: appliedVersions, source: createKafkaSource({ pool, brokers: kafka, topic, name: appliedVersions.name }) });
      unwatchProjection = watchProjections({ pool, status: () => [runner!.status()], source: { kind: 'kafka', topic } });
      await waitFor(async () => (await gauge('leadfloor_kafka_consumer_lag_messages', { projection: appliedVersions.name })) === 0,
        { timeoutMs: 45_000, what: 'the projection to consume every message' });
      expect(await gauge('leadfloor_projection_lag_events', { projection: appliedVersions.name })).toBe(0);
      expect(await gauge('leadfloor_projection_up', { projection: appliedVersions.name })).toBe(1);
    } finally {
      unwatchProjection();
      await runner?.stop();
      await kafkaLag.close();
      unwatchRunning();
      await running.stop();
    }
  });
});
