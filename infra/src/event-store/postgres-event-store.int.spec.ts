import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { createPool, type Pool } from '../postgres/pool';
import { StreamGuardMovedError, UniqueKeyTakenError, VersionConflictError } from './errors';
import { createPostgresEventStore, EVENTS_CHANNEL } from './postgres-event-store';
import { LOG_START, type AppendRequest, type EventStore } from './types';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 40 });
  store = createPostgresEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const meta = { actorId: 1, correlationId: 'c-1', causationId: null };
const req = (streamId: string, expectedVersion: number, n = 1, extra: Partial<AppendRequest> = {}): AppendRequest => ({
  streamId, streamType: 'test', expectedVersion, metadata: meta,
  events: Array.from({ length: n }, (_, i) => ({ type: 'Tested', data: { i } })),
  ...extra,
});

describe('append', () => {
  it('lets exactly one of 100 concurrent appends at the same expected version win', async () => {
    await store.append(req('race-1', 0, 2));
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => store.append(req('race-1', 2, 3))));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    for (const l of lost) expect(l.reason).toBeInstanceOf(VersionConflictError);
    const events = await store.readStream('race-1');
    expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets exactly one of many concurrent creations of a new stream win', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => store.append(req('race-new', 0, 1))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await store.readStream('race-new')).toHaveLength(1);
  });

  it('refuses a stale or a future expected version without writing anything', async () => {
    await store.append(req('stale-1', 0, 2));
    await expect(store.append(req('stale-1', 1))).rejects.toBeInstanceOf(VersionConflictError);
    await expect(store.append(req('stale-1', 7))).rejects.toBeInstanceOf(VersionConflictError);
    await expect(store.append(req('never-created', 3))).rejects.toBeInstanceOf(VersionConflictError);
    expect(await store.readStream('stale-1')).toHaveLength(2);
    expect(await store.readStream('never-created')).toHaveLength(0);
  });

  it('returns the first answer to a retried command id and appends once', async () => {
    const first = await store.append(req('idem-1', 0, 1, { commandId: 'cmd-42', result: { version: 1, ok: true } }));
    const retry = await store.append(req('idem-1', 0, 1, { commandId: 'cmd-42', result: { version: 1, ok: 'other' } }));
    expect(first.replayed).toBe(false);
    expect(retry).toMatchObject({ replayed: true, version: 1, result: { version: 1, ok: true } });
    expect(await store.readStream('idem-1')).toHaveLength(1);
    expect(await store.commandResult('cmd-42')).toEqual({ result: { version: 1, ok: true } });
  });

  it('guards unique keys in the same statement as the append', async () => {
    const key = { scope: 'email', key: 'ann@example.com' };
    await store.append(req('user-a', 0, 1, { claimKeys: [key] }));
    const err = await store.append(req('user-b', 0, 1, { claimKeys: [key] })).catch((e) => e);
    expect(err).toBeInstanceOf(UniqueKeyTakenError);
    expect(err).toMatchObject({ scope: 'email', key: 'ann@example.com' });
    expect(await store.readStream('user-b')).toHaveLength(0);
    // releasing the key (an email change) frees it for someone else
    await store.append(req('user-a', 1, 1, { releaseKeys: [key] }));
    await expect(store.append(req('user-b', 0, 1, { claimKeys: [key] }))).resolves.toMatchObject({ version: 1 });
  });

  it('wakes a reader that only listens for notifications after every append, concurrent ones included', async () => {
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    try {
      let notified = 0;
      let wake = () => {};
      listener.on('notification', () => {
        notified++;
        wake();
      });
      await listener.query(`listen ${EVENTS_CHANNEL}`);
      const writers = 12;
      const appendsEach = 5;
      // Reads what is committed (no xmin horizon involved), and otherwise waits for the next
      // notification only: no polling, so an append that no notification follows hangs it.
      const sawEverything = (async () => {
        for (;;) {
          const before = notified;
          const { rows } = await pool.query<{ n: string }>(`select count(*) as n from events where stream_id like 'wake-%'`);
          if (Number(rows[0]!.n) === writers * appendsEach) return;
          if (notified === before) await new Promise<void>((resolve) => (wake = resolve));
        }
      })();
      await Promise.all(Array.from({ length: writers }, async (_, w) => {
        for (let v = 0; v < appendsEach; v++) await store.append(req(`wake-${w}`, v));
      }));
      await sawEverything;
    } finally {
      await listener.end();
    }
  });

  it('appends only while every guard stream is still at the version the decision read', async () => {
    await store.append(req('guard-policy', 0, 2));
    // a stream never written is at version 0
    expect((await store.append(req('guarded-1', 0, 1, { guards: [{ streamId: 'guard-policy', version: 2 }, { streamId: 'guard-none', version: 0 }] }))).version).toBe(1);
    await store.append(req('guard-policy', 2, 1));
    const stale = store.append(req('guarded-1', 1, 1, { guards: [{ streamId: 'guard-policy', version: 2 }] }));
    await expect(stale).rejects.toBeInstanceOf(StreamGuardMovedError);
    await expect(stale).rejects.toMatchObject({ streamIds: ['guard-policy'] });
    await expect(store.append(req('guarded-1', 1, 1, { guards: [{ streamId: 'guard-none', version: 1 }] }))).rejects.toBeInstanceOf(StreamGuardMovedError);
    expect(await store.readStream('guarded-1')).toHaveLength(1);
    // its own stream's conflict is still a version conflict when the guards hold
    await expect(store.append(req('guarded-1', 0, 1, { guards: [{ streamId: 'guard-policy', version: 3 }] }))).rejects.toBeInstanceOf(VersionConflictError);
    expect((await store.append(req('guarded-1', 1, 1, { guards: [{ streamId: 'guard-policy', version: 3 }] }))).version).toBe(2);
  });

  it('allocates increasing entity ids per kind', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => store.nextId('widget')));
    expect(new Set(ids).size).toBe(20);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(20);
  });
});

describe('reading', () => {
  it('reads a stream up to an instant', async () => {
    await store.append(req('asof-1', 0, 1));
    const [first] = await store.readStream('asof-1');
    // occurredAt has millisecond precision: the second event must land in a later millisecond.
    await waitFor(async () => (await pool.query<{ later: boolean }>(
      `select date_trunc('milliseconds', clock_timestamp()) > $1 as later`, [first!.occurredAt])).rows[0]!.later, { intervalMs: 1 });
    await store.append(req('asof-1', 1, 1));
    expect(await store.readStream('asof-1', { until: first!.occurredAt })).toHaveLength(1);
    expect(await store.readStream('asof-1')).toHaveLength(2);
  });

  it('never skips a transaction that appended early and committed after later ones', async () => {
    const late = await pool.connect();
    try {
      await late.query('begin');
      await late.query(`insert into events (stream_id, stream_version, event_id, type, data, metadata)
        values ('late-1', 1, gen_random_uuid(), 'Tested', '{}', '{"schemaVersion":1,"actorId":null,"correlationId":"x","causationId":null}')`);
      await store.append(req('after-late-1', 0, 1));
      await store.append(req('after-late-2', 0, 1));
      const whileOpen = await readAll();
      expect(whileOpen.some((e) => e.streamId.startsWith('after-late') || e.streamId === 'late-1')).toBe(false);
      await late.query('commit');
    } finally {
      late.release();
    }
    // other databases' transactions hold the cluster-wide horizon too: wait, never assume
    const streams = await waitFor(async () => {
      const ids = (await readAll()).map((e) => e.streamId);
      return ids.includes('after-late-2') && ids;
    });
    expect(streams).toContain('late-1');
    expect(streams.indexOf('late-1')).toBeLessThan(streams.indexOf('after-late-1'));
  });

  it('reads a stream from a version with the answer stored under a command id, in one query', async () => {
    await store.append(req('rfc-1', 0, 3, { commandId: 'cmd-rfc', result: { version: 3 } }));
    const read = await store.readForCommand('rfc-1', { fromVersion: 2, commandId: 'cmd-rfc' });
    expect(read.events.map((e) => e.streamVersion)).toEqual([2, 3]);
    expect(read.stored).toEqual({ result: { version: 3 } });
    const unknown = await store.readForCommand('rfc-1', { commandId: 'cmd-never-sent' });
    expect(unknown.events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(unknown.stored).toBeNull();
    expect(await store.readForCommand('rfc-none')).toEqual({ events: [], stored: null });
  });

  it('orders the log by transaction id as a number, not as its text', async () => {
    // Two transaction ids below every real one, one digit apart in length: 999 commits first.
    await pool.query(`insert into events (transaction_id, stream_id, stream_version, event_id, type, data, metadata)
      values ('1000', 'xid-1000', 1, gen_random_uuid(), 'Tested', '{}', '{"schemaVersion":1}'),
             ('999', 'xid-999', 1, gen_random_uuid(), 'Tested', '{}', '{"schemaVersion":1}')`);
    const first = await store.readAfter(LOG_START, 2);
    expect(first.map((e) => e.streamId)).toEqual(['xid-999', 'xid-1000']);
    const next = await store.readAfter({ transactionId: '999', globalPosition: first[0]!.globalPosition }, 1);
    expect(next.map((e) => e.streamId)).toEqual(['xid-1000']);
  });

  it('does not wait on position gaps left by rolled-back or conflicting appends', async () => {
    const tx = await pool.connect();
    await tx.query('begin');
    await tx.query(`insert into events (stream_id, stream_version, event_id, type, data, metadata)
      values ('rolled-back', 1, gen_random_uuid(), 'Tested', '{}', '{}')`);
    await tx.query('rollback');
    tx.release();
    await store.append(req('gap-1', 0, 1)).catch(() => {});
    await store.append(req('gap-1', 0, 1)).catch(() => {}); // conflict: burns no visible position
    await store.append(req('gap-2', 0, 1));
    const streams = await waitFor(async () => {
      const ids = (await readAll()).map((e) => e.streamId);
      return ids.includes('gap-2') && ids;
    });
    expect(streams.filter((s) => s === 'gap-1')).toHaveLength(1);
    expect(streams).not.toContain('rolled-back');
  });
});

async function readAll() {
  const all = [];
  let pos = LOG_START;
  for (;;) {
    const batch = await store.readAfter(pos, 50);
    if (batch.length === 0) return all;
    all.push(...batch);
    const last = batch[batch.length - 1]!;
    pos = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
}
