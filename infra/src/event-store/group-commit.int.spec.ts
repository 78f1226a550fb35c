import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createPool, type Pool } from '../postgres/pool';
import { CounterLimitError, StreamGuardMovedError, UniqueKeyTakenError, VersionConflictError } from './errors';
import { createPostgresEventStore } from './postgres-event-store';
import type { AppendRequest, EventStore } from './types';

// Appends that arrive while the store already has its most statements running go together, in
// one transaction (group commit). These cases fire many appends in the same tick, so that all but
// the first few are grouped, and check what each caller relies on.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 20 });
  store = createPostgresEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const req = (streamId: string, expectedVersion: number, extra: Partial<AppendRequest> = {}): AppendRequest => ({
  streamId, streamType: 'test', expectedVersion, metadata: { actorId: 1, correlationId: 'c', causationId: null },
  events: [{ type: 'Tested', data: { streamId, expectedVersion } }], ...extra,
});
/** How many transactions committed the events of these streams. */
const commitsOf = async (streamIds: string[]) => Number((await pool.query<{ n: string }>(
  'select count(distinct transaction_id) as n from events where stream_id = any($1)', [streamIds])).rows[0]!.n);

describe('group commit', () => {
  it('appends every event of a storm of concurrent appends exactly once, with contiguous versions, in far fewer commits', async () => {
    const streams = Array.from({ length: 60 }, (_, i) => `storm-${i}`);
    const appends = 6;
    // Each stream's writer appends in turn at the version it holds; all streams at once.
    const answers = await Promise.all(streams.map(async (id) => {
      const versions: number[] = [];
      for (let v = 0; v < appends; v++) versions.push((await store.append(req(id, v * 2, { events: [{ type: 'Tested', data: { n: v } }, { type: 'Tested', data: { n: v, second: true } }] }))).version);
      return versions;
    }));
    for (const versions of answers) expect(versions).toEqual([2, 4, 6, 8, 10, 12]);
    const { rows } = await pool.query<{ stream_id: string; versions: number[]; ns: number[]; ids: string }>(`
      select stream_id, array_agg(stream_version::int order by stream_version) as versions,
             array_agg((data->>'n')::int order by stream_version) as ns, count(distinct event_id) as ids
      from events where stream_id like 'storm-%' group by stream_id`);
    expect(rows).toHaveLength(streams.length);
    for (const r of rows) {
      expect(r.versions).toEqual(Array.from({ length: appends * 2 }, (_, i) => i + 1));
      expect(r.ns).toEqual(Array.from({ length: appends * 2 }, (_, i) => Math.floor(i / 2)));
      expect(Number(r.ids)).toBe(appends * 2);
    }
    expect(await commitsOf(streams)).toBeLessThan((streams.length * appends) / 2);
  });

  it("refuses a failing append of a group alone: its neighbours commit, each refusal is the caller's own", async () => {
    await store.append(req('g-taken', 0, { claimKeys: [{ scope: 'test', key: 'taken' }] }));
    await store.append(req('g-counted', 0, { counters: [{ scope: 'test', key: 'cap', delta: 1, max: 1 }] }));
    await store.append(req('g-stale', 0));
    await store.append(req('g-guard', 0));
    // The first few appends of a tick go alone; the rest wait and go as one group.
    const lone = Array.from({ length: 8 }, (_, i) => store.append(req(`g-lone-${i}`, 0)));
    const good = Array.from({ length: 6 }, (_, i) => store.append(req(`g-good-${i}`, 0, {
      claimKeys: [{ scope: 'test', key: `own-${i}` }], counters: [{ scope: 'test', key: 'shared', delta: 1, max: 100 }], commandId: `good-${i}`, result: { version: 1 },
    })));
    const overCap = store.append(req('g-over', 0, { counters: [{ scope: 'test', key: 'cap', delta: 1, max: 1 }] }));
    const keyTaken = store.append(req('g-key', 0, { claimKeys: [{ scope: 'test', key: 'taken' }] }));
    const stale = store.append(req('g-stale', 0));
    const guarded = store.append(req('g-guarded', 0, { guards: [{ streamId: 'g-guard', version: 0 }] }));
    const twice = [store.append(req('g-twice', 0)), store.append(req('g-twice', 0))];

    expect((await Promise.all([...lone, ...good])).map((r) => r.version)).toEqual(Array(14).fill(1));
    await expect(overCap).rejects.toBeInstanceOf(CounterLimitError);
    await expect(keyTaken).rejects.toBeInstanceOf(UniqueKeyTakenError);
    await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
    await expect(guarded).rejects.toBeInstanceOf(StreamGuardMovedError);
    const raced = await Promise.allSettled(twice);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(raced.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([expect.any(VersionConflictError)]);

    // The good ones shared commits; nothing of a refused one was written; their side effects hold.
    expect(await commitsOf(Array.from({ length: 6 }, (_, i) => `g-good-${i}`))).toBeLessThan(6);
    for (const id of ['g-over', 'g-key', 'g-guarded']) expect(await store.readStream(id)).toEqual([]);
    expect(await store.readStream('g-stale')).toHaveLength(1);
    expect(await store.readStream('g-twice')).toHaveLength(1);
    const { rows: counters } = await pool.query<{ key: string; value: string }>(`select key, value from counters where scope = 'test' order by key`);
    expect(counters.map((c) => [c.key, Number(c.value)])).toEqual([['cap', 1], ['shared', 6]]);
    const { rows: keys } = await pool.query<{ key: string; stream_id: string }>(`select key, stream_id from unique_keys where scope = 'test' order by key`);
    expect(keys.map((k) => k.key)).toEqual(['own-0', 'own-1', 'own-2', 'own-3', 'own-4', 'own-5', 'taken']);
    expect(keys.find((k) => k.key === 'taken')?.stream_id).toBe('g-taken');
    // A grouped command's retry answers its stored result, appending nothing.
    const retried = await store.append(req('g-good-0', 0, { commandId: 'good-0', result: { version: 1 } }));
    expect(retried).toMatchObject({ replayed: true, version: 1 });
    expect(await store.readStream('g-good-0')).toHaveLength(1);
  });
});
