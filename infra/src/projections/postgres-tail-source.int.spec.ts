import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createLead } from '../../../test/fixtures/lead-events';
import { createLogNotifier, type LogNotifier } from '../event-store/log-notifier';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/types';
import { createPool, type Pool } from '../postgres/pool';
import { createPostgresTailSource } from './postgres-tail-source';
import type { EventBatch } from './types';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let notifier: LogNotifier;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 5 });
  store = createPostgresEventStore(pool);
  notifier = createLogNotifier(db.url);
  await pool.query("insert into checkpoints (name) values ('spacing_test') on conflict do nothing");
});
afterAll(async () => {
  await notifier.close();
  await pool.end();
  await db.drop();
});

/** Claims, settles and commits a batch as the projection runner does (with nothing to apply). */
async function commit(batch: EventBatch) {
  const c = await pool.connect();
  try {
    await c.query(batch.begin ?? 'begin');
    const events = await batch.claim(c);
    await c.query(batch.commit ?? 'commit');
    await batch.afterCommit?.();
    return events ?? [];
  } finally {
    c.release();
  }
}

describe('the Postgres tail source', () => {
  it('hands out the first commit at once and gathers the commits that follow within the spacing into one batch', async () => {
    const abort = new AbortController();
    const source = createPostgresTailSource({ pool, store, notifier, name: 'spacing_test', spacingMs: 3_000 });
    const wanted = () => true;

    await createLead(store, 1);
    const first = await commit((await source.next(abort.signal, wanted))!);
    expect(first.map((e) => e.streamId)).toEqual(['lead-1']);

    // Five commits, one after another, well within the spacing, while the source waits for
    // the next batch: one batch, not five.
    const next = source.next(abort.signal, wanted);
    for (let id = 2; id <= 6; id++) await createLead(store, id);
    const second = await commit((await next)!);
    expect(second.map((e) => e.streamId)).toEqual(['lead-2', 'lead-3', 'lead-4', 'lead-5', 'lead-6']);

    const { rows } = await pool.query<{ global_position: string }>("select global_position::text from checkpoints where name = 'spacing_test'");
    expect(rows[0]!.global_position).toBe(second[second.length - 1]!.globalPosition);
  });
});
