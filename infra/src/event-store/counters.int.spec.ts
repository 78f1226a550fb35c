import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createPool, type Pool } from '../postgres/pool';
import { CounterLimitError, VersionConflictError } from './errors';
import { createPostgresEventStore } from './postgres-event-store';
import type { AppendRequest, CounterChange, EventStore } from './types';

// Counters moved in the append's own statement: what a limit spanning many streams (an agent's
// cap on active leads) is decided with.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 30 });
  store = createPostgresEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const req = (streamId: string, expectedVersion: number, counters: CounterChange[]): AppendRequest => ({
  streamId, streamType: 'test', expectedVersion, metadata: { actorId: 1, correlationId: 'c', causationId: null },
  events: [{ type: 'Tested', data: {} }], counters,
});
const valueOf = async (key: string) =>
  Number((await pool.query<{ value: string }>(`select value from counters where scope = 'test' and key = $1`, [key])).rows[0]?.value ?? 0);

describe('counters in the append', () => {
  it('moves counters with the events, and refuses an increase past its limit with nothing appended', async () => {
    await store.append(req('c-a', 0, [{ scope: 'test', key: 'k1', delta: 1, max: 2 }]));
    await store.append(req('c-b', 0, [{ scope: 'test', key: 'k1', delta: 1, max: 2 }]));
    const refused = await store.append(req('c-c', 0, [{ scope: 'test', key: 'k1', delta: 1, max: 2 }])).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CounterLimitError);
    expect(refused).toMatchObject({ scope: 'test', key: 'k1', max: 2, current: 2 });
    expect(await store.readStream('c-c')).toEqual([]);
    expect(await valueOf('k1')).toBe(2);
    await store.append(req('c-a', 1, [{ scope: 'test', key: 'k1', delta: -1 }]));
    await store.append(req('c-c', 0, [{ scope: 'test', key: 'k1', delta: 1, max: 2 }]));
    expect(await valueOf('k1')).toBe(2);
  });

  it('moves no counter when the stream moved (a version conflict)', async () => {
    await store.append(req('c-d', 0, [{ scope: 'test', key: 'k2', delta: 1 }]));
    await expect(store.append(req('c-d', 0, [{ scope: 'test', key: 'k2', delta: 1 }]))).rejects.toBeInstanceOf(VersionConflictError);
    expect(await valueOf('k2')).toBe(1);
  });

  it('lets a counter past a lowered limit come down, and two changes of one append count once', async () => {
    await store.append(req('c-e', 0, [{ scope: 'test', key: 'k3', delta: 3 }]));
    await store.append(req('c-e', 1, [{ scope: 'test', key: 'k3', delta: -1, max: 1 }]));
    expect(await valueOf('k3')).toBe(2);
    await store.append(req('c-e', 2, [{ scope: 'test', key: 'k3', delta: -1 }, { scope: 'test', key: 'k3', delta: 1, max: 5 }, { scope: 'test', key: 'k4', delta: 1 }]));
    expect([await valueOf('k3'), await valueOf('k4')]).toEqual([2, 1]);
  });

  it('holds the limit under 40 concurrent increases on 40 streams: exactly the limit win', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) =>
      store.append(req(`c-storm-${i}`, 0, [{ scope: 'test', key: 'storm', delta: 1, max: 7 }]))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(CounterLimitError);
    expect(await valueOf('storm')).toBe(7);
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from events where stream_id like 'c-storm-%'`);
    expect(rows[0]!.n).toBe(7);
  });

  it('queues rather than deadlocks when appends move the same two counters in opposite orders', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => store.append(req(`c-pair-${i}`, 0, i % 2 === 0
      ? [{ scope: 'test', key: 'p1', delta: 1 }, { scope: 'test', key: 'p2', delta: -1 }]
      : [{ scope: 'test', key: 'p2', delta: 1 }, { scope: 'test', key: 'p1', delta: -1 }]))));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect([await valueOf('p1'), await valueOf('p2')]).toEqual([0, 0]);
  });
});
