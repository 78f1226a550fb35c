import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogNotifier, type LogNotifier } from '../infra/src/event-store/log-notifier';
import { createPostgresEventStore } from '../infra/src/event-store/postgres-event-store';
import type { EventStore } from '../infra/src/event-store/types';
import { createPool, type Pool } from '../infra/src/postgres/pool';
import { createPostgresTailSource } from '../infra/src/projections/postgres-tail-source';
import { checkProjections, replayProjections } from '../infra/src/projections/rebuild';
import { tablesHash } from '../infra/src/projections/tables';
import { projections, startProjections } from '../projector/src/run-projections';
import { createTestDatabase } from './db';
import { appendFloor, storeFloorPages } from './fixtures/floor-events';
import { createLead } from './fixtures/lead-events';
import { waitFor } from './wait-for';

// Every read model rebuilt at once from one read of the log (loaders holding only a few rows,
// so they write out and read back many times; small batches) must equal what the live runners
// built batch by batch, and the live runners must carry on from the swapped-in tables.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let notifier: LogNotifier;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 2 * projections.length + 6 });
  store = createPostgresEventStore(pool);
  notifier = createLogNotifier(db.url);
});
afterAll(async () => {
  await notifier.close();
  await pool.end();
  await db.drop();
});

const startLive = () => startProjections({
  pool, sourceFor: (p) => createPostgresTailSource({ pool, store, notifier, name: p.name, batchSize: 7 }),
});

/** Every live checkpoint is at the last event of the log. */
async function caughtUp() {
  const { rows } = await pool.query<{ behind: number }>(
    `select count(*)::int as behind from checkpoints c
     where c.name = any($1) and (c.transaction_id, c.global_position) <
       (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1)`,
    [projections.map((p) => p.name)]);
  const { rows: known } = await pool.query<{ n: number }>('select count(*)::int as n from checkpoints where name = any($1)', [projections.map((p) => p.name)]);
  return rows[0]!.behind === 0 && known[0]!.n === projections.length;
}

async function liveHashes() {
  const c = await pool.connect();
  try {
    const out: Record<string, { rows: number; hash: string }> = {};
    for (const p of projections) out[p.name] = await tablesHash(c, p.tables);
    return out;
  } finally {
    c.release();
  }
}

const small = { batchSize: 13, loader: { heldRows: 4 } };

describe('replay of every read model at once', () => {
  it('rebuilds tables equal to the live ones, and the live runners resume after the swap', async () => {
    await storeFloorPages(pool);
    await appendFloor(store, { from: 1, to: 40, people: true });
    const live = startLive();
    try {
      await waitFor(caughtUp, { what: 'the live runners to catch up', timeoutMs: 60_000 });
      const before = await liveHashes();
      expect(Object.entries(before).filter(([, h]) => h.rows === 0).map(([name]) => name), 'read models without rows').toEqual([]);

      const checked = await checkProjections({ pool, store, projections, ...small });
      expect(checked.filter((c) => !c.equal).map((c) => c.name)).toEqual([]);

      const replayed = await replayProjections({ pool, store, projections, ...small });
      expect(Object.fromEntries(replayed.map((r) => [r.name, { rows: r.rows, hash: r.hash }]))).toEqual(before);

      // the live runners carry on from the rebuilt tables
      await appendFloor(store, { from: 41, to: 55, people: false });
      await waitFor(caughtUp, { what: 'the live runners to carry on after the swap', timeoutMs: 60_000 });
      const after = await checkProjections({ pool, store, projections, ...small });
      expect(after.filter((c) => !c.equal).map((c) => c.name)).toEqual([]);
      expect(after.find((c) => c.name === 'lead_pool_v1')?.live.rows).toBe(55);
    } finally {
      await live.stop();
    }
  });

  it('checks a read model whose checkpoint stayed behind only events it does not read', async () => {
    // no runner is left to record these lead events in the checkpoints of the other models
    await createLead(store, 56);
    const others = projections.filter((p) => !p.handles.includes('LeadCreated'));
    const checked = await checkProjections({ pool, store, projections: others, ...small, timeoutMs: 5_000 });
    expect(checked.map((c) => [c.name, c.equal])).toEqual(others.map((p) => [p.name, true]));
  });
});
