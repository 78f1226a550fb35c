import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { RuleViolation } from './domain-error';
import { createCommandHandler, type Aggregate, type HandleCommand } from './handle-command';

// A seat that one person can take: the smallest aggregate with the claim race's shape.
type Seat = { takenBy: number | null };
type SeatEvent = { type: 'SeatTaken'; data: { by: number } };
const seat: Aggregate<Seat, { by: number }, SeatEvent> = {
  streamType: 'seat',
  initialState: () => ({ takenBy: null }),
  evolve: (_s, e) => ({ takenBy: e.data.by }),
  decide: (c, s) => {
    if (s.takenBy === c.by) return [];
    if (s.takenBy !== null) throw new RuleViolation('seat.taken', 'taken', { takenBy: s.takenBy });
    return [{ type: 'SeatTaken', data: { by: c.by } }];
  },
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let handle: HandleCommand;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 30 });
  store = createPostgresEventStore(pool);
  handle = createCommandHandler(store);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const ctx = (actorId: number, commandId?: string) => ({ actorId, correlationId: `corr-${actorId}`, commandId });

describe('handleCommand', () => {
  it('answers a retried command id with the first answer and appends one event', async () => {
    const first = await handle(seat, 'seat-1', { by: 7 }, ctx(7, 'cmd-seat-1'));
    const retry = await handle(seat, 'seat-1', { by: 7 }, ctx(7, 'cmd-seat-1'));
    expect(first).toMatchObject({ version: 1, replayed: false });
    expect(retry).toMatchObject({ version: 1, replayed: true, state: { takenBy: 7 } });
    expect(await store.readStream('seat-1')).toHaveLength(1);
  });

  it('lets one of many concurrent takers win; the others get the rule, decided on the new state', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => handle(seat, 'seat-2', { by: 100 + i }, ctx(100 + i))));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const l of lost) expect(l.reason).toMatchObject({ kind: 'RuleViolation', code: 'seat.taken' });
    const events = await store.readStream('seat-2');
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ actorId: (events[0]!.data as { by: number }).by, schemaVersion: 1 });
  });

  it('records actor, correlation and command id in the event metadata', async () => {
    await handle(seat, 'seat-3', { by: 9 }, { actorId: 9, correlationId: 'req-abc', commandId: 'cmd-9' });
    const [e] = await store.readStream('seat-3');
    expect(e!.metadata).toEqual({ schemaVersion: 1, actorId: 9, correlationId: 'req-abc', causationId: null, commandId: 'cmd-9' });
  });
});

// A seat that can also be left: the state another process can move under a handler's memory.
type Desk = { heldBy: number | null };
type DeskEvent = { type: 'DeskTaken'; data: { by: number } } | { type: 'DeskLeft'; data: { by: number } };
type DeskCommand = { type: 'take' | 'leave'; by: number };
const desk: Aggregate<Desk, DeskCommand, DeskEvent> = {
  streamType: 'desk',
  initialState: () => ({ heldBy: null }),
  evolve: (_s, e) => ({ heldBy: e.type === 'DeskTaken' ? e.data.by : null }),
  decide: (c, s) => {
    if (c.type === 'take') {
      if (s.heldBy === c.by) return [];
      if (s.heldBy !== null) throw new RuleViolation('desk.taken', 'taken', { heldBy: s.heldBy });
      return [{ type: 'DeskTaken', data: { by: c.by } }];
    }
    if (s.heldBy !== c.by) throw new RuleViolation('desk.not_holder', 'not yours');
    return [{ type: 'DeskLeft', data: { by: c.by } }];
  },
};

describe('handleCommand remembering the streams it saw', () => {
  // Two handlers, as two processes: each remembers what it appended, neither sees the other's.
  const types = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);

  it('decides again when another process moved the stream since (compare-and-set)', async () => {
    const here = createCommandHandler(store);
    const elsewhere = createCommandHandler(store);
    await here(desk, 'desk-1', { type: 'take', by: 1 }, ctx(1));
    await elsewhere(desk, 'desk-1', { type: 'leave', by: 1 }, ctx(1));
    await elsewhere(desk, 'desk-1', { type: 'take', by: 2 }, ctx(2));
    // `here` remembers desk 1 held by 1: leaving would be fine there, but the desk moved on
    await expect(here(desk, 'desk-1', { type: 'leave', by: 1 }, ctx(1))).rejects.toMatchObject({ code: 'desk.not_holder' });
    expect(await types('desk-1')).toEqual(['DeskTaken', 'DeskLeft', 'DeskTaken']);
  });

  it('checks a refusal decided on a remembered state against the stream before answering it', async () => {
    const here = createCommandHandler(store);
    const elsewhere = createCommandHandler(store);
    await here(desk, 'desk-2', { type: 'take', by: 1 }, ctx(1));
    await elsewhere(desk, 'desk-2', { type: 'leave', by: 1 }, ctx(1));
    // remembered: held by 1, so "taken"; in fact free
    await expect(here(desk, 'desk-2', { type: 'take', by: 2 }, ctx(2))).resolves.toMatchObject({ version: 3, state: { heldBy: 2 } });
    expect(await types('desk-2')).toEqual(['DeskTaken', 'DeskLeft', 'DeskTaken']);
  });

  it('checks a no-op decided on a remembered state against the stream before answering it', async () => {
    const here = createCommandHandler(store);
    const elsewhere = createCommandHandler(store);
    await here(desk, 'desk-3', { type: 'take', by: 1 }, ctx(1));
    await elsewhere(desk, 'desk-3', { type: 'leave', by: 1 }, ctx(1));
    // remembered: already held by 1, nothing to do; in fact free, so 1 takes it again
    await expect(here(desk, 'desk-3', { type: 'take', by: 1 }, ctx(1))).resolves.toMatchObject({ version: 3, events: [{ type: 'DeskTaken' }] });
    // and a true no-op is still answered as one
    await expect(here(desk, 'desk-3', { type: 'take', by: 1 }, ctx(1))).resolves.toMatchObject({ version: 3, events: [] });
    expect(await types('desk-3')).toEqual(['DeskTaken', 'DeskLeft', 'DeskTaken']);
  });

  it('answers a retried command id from the store, whatever it remembers', async () => {
    const here = createCommandHandler(store);
    await here(desk, 'desk-4', { type: 'take', by: 1 }, ctx(1, 'cmd-desk-4'));
    await here(desk, 'desk-4', { type: 'leave', by: 1 }, ctx(1));
    await expect(here(desk, 'desk-4', { type: 'take', by: 1 }, ctx(1, 'cmd-desk-4'))).resolves.toMatchObject({ version: 1, replayed: true });
    expect(await types('desk-4')).toEqual(['DeskTaken', 'DeskLeft']);
  });
});
