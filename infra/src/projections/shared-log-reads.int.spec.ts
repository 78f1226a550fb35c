import type { RecordedEvent } from '@leadfloor/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createLead, workLead } from '../../../test/fixtures/lead-events';
import { waitFor } from '../../../test/wait-for';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { LOG_START, type EventStore, type LogPosition } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { positionOf } from './log-order';
import { createSharedLogReads } from './shared-log-reads';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10 });
  store = createPostgresEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const ids = (events: RecordedEvent[]) => events.map((e) => e.eventId);

let leads = 0;
/** Appends `n` more leads, every other one worked (1 + 5 events). */
async function appendSome(n: number) {
  for (let i = 0; i < n; i++) {
    leads++;
    await createLead(store, leads);
    if (leads % 2 === 0) await workLead(store, leads, 7);
  }
}

describe('shared reads of the log tail', () => {
  it.each([{ keep: 10_000 }, { keep: 3 }])('hand every reader what the store gives it, or a prefix of it, whatever the order of the reads (keeping $keep)', async ({ keep }) => {
    const shared = createSharedLogReads(store, { keep });
    await appendSome(6);
    // Readers at their own positions with their own batch sizes, some reading together.
    const readers: { at: LogPosition; limit: number }[] = [1, 2, 3, 5, 8, 40, 3, 1].map((limit) => ({ at: LOG_START, limit }));
    const step = async (r: { at: LogPosition; limit: number }) => {
      const got = await shared.readAfter(r.at, r.limit);
      const direct = await store.readAfter(r.at, r.limit);
      expect(got.length).toBeLessThanOrEqual(r.limit);
      expect(ids(got)).toEqual(ids(direct).slice(0, got.length));
      if (got.length > 0) r.at = positionOf(got[got.length - 1]!);
      return got.length;
    };
    for (let round = 0; round < 12; round++) {
      await Promise.all(readers.filter((_, i) => (i + round) % 3 !== 0).map(step));
      for (const r of readers.filter((_, i) => (i + round) % 3 === 0)) await step(r);
      if (round % 4 === 1) await appendSome(3);
    }
    // every reader gets to the end of the log
    const all = await waitFor(async () => {
      const read = await store.readAfter(LOG_START, 10_000);
      return read.length === leads + (leads >> 1) * 5 && read;
    }, { what: 'the whole log to be readable' });
    for (const r of readers) {
      const seen: RecordedEvent[] = [];
      let at = LOG_START;
      for (let got = await shared.readAfter(at, r.limit); got.length > 0; got = await shared.readAfter(at, r.limit)) {
        seen.push(...got);
        at = positionOf(got[got.length - 1]!);
      }
      expect(ids(seen)).toEqual(ids(all));
    }
  });
});
