import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { RELAY_CHECKPOINT, startRelay } from './relay';
import { appendLeads } from './testing/applied-versions-projection';
import { messageCount, requireKafka, uniqueTopic } from './testing/kafka-for-tests';
import { ensureTopic } from './topics';

const kafka = await requireKafka();

describe('relay shutdown', () => {
  const topic = uniqueTopic('flush');
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 10 });
    store = createPostgresEventStore(pool);
    await ensureTopic(kafka, topic, 2);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('flushes what is committed before it stops: every event produced and checkpointed', async () => {
    await appendLeads(store, 1, 40, new Map());
    const { rows } = await pool.query<{ n: number; last: string }>('select count(*)::int as n, max(global_position)::text as last from events');
    // wait until the whole log is readable (another database's open transaction can hold it back)
    await waitFor(async () => (await store.readAfter({ transactionId: '0', globalPosition: '0' }, 1000)).length === rows[0]!.n);
    const relay = startRelay({ pool, brokers: kafka, topic, store, batchSize: 5 });
    await relay.stop({ flushMs: 30_000 });
    const checkpoint = await pool.query('select global_position::text as p from checkpoints where name = $1', [RELAY_CHECKPOINT]);
    expect(checkpoint.rows[0]?.p).toBe(rows[0]!.last);
    expect(Number(await messageCount(kafka, topic))).toBe(rows[0]!.n);
  });
});
