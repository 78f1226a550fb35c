import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createCommandHandler } from '../shared/handle-command';
import { seedDemoFloor } from './demo-floor';

/** Seeds a fresh database at `now` and answers a hash of every event's stream, type and data. */
async function seededFloor(now: Date) {
  const db = await createTestDatabase();
  const pool = createPool(db.url, { max: 12 });
  try {
    const store = createPostgresEventStore(pool);
    const out = await seedDemoFloor({ pool, store, handle: createCommandHandler(store), hashPassword: async () => 'not-a-hash', now });
    const { rows } = await pool.query<{ n: string; hash: string }>(
      `select count(*) as n, md5(string_agg(stream_id || ':' || stream_version || ':' || type || ':' || data::text, '|' order by stream_id, stream_version)) as hash from events`);
    return { ...rows[0]!, out };
  } finally {
    await pool.end();
    await db.drop();
  }
}

describe('the demo floor seed', () => {
  it('is the same floor on every run: same streams, events and data for the same instant', async () => {
    const now = new Date('2026-11-18T15:30:00.000Z');
    const [a, b] = [await seededFloor(now), await seededFloor(now)];
    expect(a.hash).toBe(b.hash);
    expect(a.out).toMatchObject({ seeded: true, leads: 300 });
    expect(Number(a.n)).toBeGreaterThan(2000);
  }, 120_000);
});
