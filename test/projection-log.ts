import { streamKindOf, type NewEvent } from '../events/src';
import { createPostgresEventStore } from '../infra/src/event-store/postgres-event-store';
import { LOG_START } from '../infra/src/event-store/types';
import { createPool } from '../infra/src/postgres/pool';
import type { Projection } from '../infra/src/projections/types';
import { createTestDatabase } from './db';
import { waitFor } from './wait-for';

/** One append of a projection test's log: its stream's kind is the id's prefix unless given; the actor is 1 unless given. */
export type LogAppend = { streamId: string; events: NewEvent[]; streamType?: string; actorId?: number | null };

/**
 * A fresh database whose log holds `appends`, in order, with the tables of `projections` made
 * (empty): what a projection's own test applies, twice or in parts, and reads back. `events` are
 * the events as the log recorded them.
 */
export async function projectionLog(appends: LogAppend[], projections: Projection[]) {
  const db = await createTestDatabase();
  const pool = createPool(db.url, { max: 4 });
  const store = createPostgresEventStore(pool);
  const versions = new Map<string, number>();
  for (const { streamId, events, streamType = streamKindOf(streamId), actorId = 1 } of appends) {
    const expectedVersion = versions.get(streamId) ?? 0;
    await store.append({ streamId, streamType, expectedVersion, events, metadata: { actorId, correlationId: 'test', causationId: null } });
    versions.set(streamId, expectedVersion + events.length);
  }
  const total = appends.reduce((n, a) => n + a.events.length, 0);
  const events = await waitFor(async () => {
    const read = await store.readAfter(LOG_START, 1000);
    return read.length === total && read;
  }, { what: 'the appended events to be readable' });
  const c = await pool.connect();
  try {
    for (const p of projections) await p.createTables(c, p.tables);
  } finally {
    c.release();
  }
  return { pool, events, close: async () => { await pool.end(); await db.drop(); } };
}
