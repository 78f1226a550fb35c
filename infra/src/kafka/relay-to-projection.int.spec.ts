import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createLogNotifier, type LogNotifier } from '../event-store/log-notifier';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { startProjectionRunner } from '../projections/runner';
import { PoisonEventError } from './event-message';
import { createKafkaSource } from './kafka-source';
import { RELAY_CHECKPOINT, startRelay } from './relay';
import { appendLeads, appliedRows, appliedVersions, expectedVersions } from './testing/applied-versions-projection';
import { consumedToEnd, messageCount, requireKafka, uniqueTopic } from './testing/kafka-for-tests';
import { ensureTopic } from './topics';

const kafka = await requireKafka();

describe('relay -> Kafka -> Kafka source -> projection', () => {
  const topic = uniqueTopic('e2e');
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
    (await pool.query('select global_position::text as p from checkpoints where name = $1', [RELAY_CHECKPOINT])).rows[0]?.p;

  it('delivers appended events to the read model, exactly once each, also while running', async () => {
    const counts = new Map<string, number>();
    await appendLeads(store, 1, 30, counts);
    const relay = startRelay({ pool, brokers: kafka, topic, store, notifier, batchSize: 25 });
    const runner = startProjectionRunner({
      pool, projection: appliedVersions, source: createKafkaSource({ pool, brokers: kafka, topic, name: appliedVersions.name, batchSize: 40 }),
    });
    try {
      await waitFor(async () => (await appliedRows(pool)).length === 30, { timeoutMs: 45_000, what: 'the first 30 leads' });
      await appendLeads(store, 31, 45, counts); // woken by NOTIFY while both are running
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      await waitFor(async () => (await appliedRows(pool)).length === 45 && runner.status().eventsApplied === total,
        { timeoutMs: 45_000, what: 'the leads appended while running' });
      expect(await appliedRows(pool)).toEqual(expectedVersions(counts));
      const all = await store.readAfter({ transactionId: '0', globalPosition: '0' }, 10_000);
      // The relay records a batch after Kafka's ack, so the projection can be ahead of its stats.
      await waitFor(() => relay.stats().relayedEvents === total, { what: 'the relay to record its last batch' });
      expect(relay.stats()).toMatchObject({ active: true, relayedEvents: total, position: {
        transactionId: all.at(-1)!.transactionId, globalPosition: all.at(-1)!.globalPosition } });
      expect(await relayCheckpoint()).toBe(all.at(-1)!.globalPosition);
      expect(await messageCount(kafka, topic)).toBe(BigInt(total)); // idempotent producer: no copies
      await waitFor(() => consumedToEnd(pool, kafka, appliedVersions.name, topic), { what: 'partition checkpoints at the end' });
    } finally {
      await runner.stop();
      await relay.stop();
    }
  });

  it('runs one relay at a time; a waiting one takes over when the active one stops', async () => {
    const before = await messageCount(kafka, topic);
    const first = startRelay({ pool, brokers: kafka, topic, store, notifier, pollMs: 50 });
    await waitFor(() => first.stats().active, { what: 'the first relay to take the lock' });
    const second = startRelay({ pool, brokers: kafka, topic, store, notifier, pollMs: 50 });
    const counts = new Map<string, number>();
    try {
      await appendLeads(store, 46, 50, counts);
      const added = BigInt([...counts.values()].reduce((a, b) => a + b, 0));
      await waitFor(async () => (await messageCount(kafka, topic)) === before + added, { what: 'the first relay to relay' });
      expect(second.stats().active).toBe(false);
      await first.stop();
      await waitFor(() => second.stats().active, { what: 'the second relay to take over' });
      await appendLeads(store, 52, 52, counts); // 52: not a worked lead, one event
      // relayedEvents counts a batch once its checkpoint moved, which follows Kafka's ack.
      await waitFor(() => second.stats().relayedEvents === 1, { what: 'the second relay to relay' });
      expect(await messageCount(kafka, topic)).toBe(before + added + 1n);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('waits out an unreachable broker without moving its checkpoint', async () => {
    const before = await relayCheckpoint();
    await appendLeads(store, 53, 53, new Map());
    const warnings: unknown[] = [];
    const logger = { info() {}, error() {}, warn: (obj: unknown) => void warnings.push(obj) };
    // Port 9 (discard) has no listener here: every connection attempt is refused.
    const relay = startRelay({ pool, brokers: ['127.0.0.1:9'], topic, store, notifier, logger });
    let settled = false;
    void relay.done.finally(() => (settled = true)).catch(() => {});
    try {
      await waitFor(() => warnings.length >= 3, { what: 'three retries' });
      expect(settled).toBe(false);
      expect(relay.stats().active).toBe(true);
      expect(await relayCheckpoint()).toBe(before);
    } finally {
      await relay.stop();
    }
  });

  it('stops loudly on an event the broker refuses, after relaying the ones before it', async () => {
    const small = uniqueTopic('poison');
    const admin = new Admin({ clientId: 'leadfloor-test', bootstrapBrokers: kafka });
    await admin.createTopics({ topics: [small], partitions: 1, replicas: 1, configs: [{ name: 'max.message.bytes', value: '4096' }] });
    await admin.close();
    const isolated = await createTestDatabase();
    const p = createPool(isolated.url);
    const s = createPostgresEventStore(p);
    try {
      await appendLeads(s, 1, 2, new Map());
      const { positions } = await s.append({
        streamId: 'lead-3', streamType: 'lead', expectedVersion: 0,
        metadata: { actorId: null, correlationId: 'test', causationId: null },
        events: [{ type: 'LeadCreated', data: { leadId: 3, notes: 'x'.repeat(20_000) } }],
      });
      await appendLeads(s, 4, 4, new Map());
      const relay = startRelay({ pool: p, brokers: kafka, topic: small, store: s, batchSize: 10 });
      const failure = await relay.done.then(() => null, (err: unknown) => err);
      expect(failure).toBeInstanceOf(PoisonEventError);
      expect((failure as PoisonEventError).event.globalPosition).toBe(positions[0]);
      expect(await messageCount(kafka, small)).toBe(2n);
      const { rows } = await p.query('select global_position::text as p from checkpoints where name = $1', [RELAY_CHECKPOINT]);
      expect(BigInt(rows[0].p)).toBeLessThan(BigInt(positions[0]!));
    } finally {
      await p.end();
      await isolated.drop();
    }
  });
});
