import type { RecordedEvent } from '@leadfloor/events';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { LOG_START, type EventStore } from '@leadfloor/infra/event-store/types';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { pointsReactor } from '../gamification/points-reactor';
import { pointsTable } from '../gamification/points-table';
import { createStandingStore } from '../gamification/standing-store';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { Actor } from '../leads/commands';
import { saleReactor } from '../sales/sale-reactor';
import { createCommandHandler, type HandleCommand } from '../shared/handle-command';
import { userAggregate, userStream } from '../users/user-aggregate';
import { startReactor, type Reactor } from './reactor-runner';

const AT = '2026-03-02T10:00:00.000Z';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let handle: HandleCommand;
const ann: Actor = { id: 1, role: 'agent', teamId: null };

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10 });
  store = createPostgresEventStore(pool);
  handle = createCommandHandler(store);
  const ctx = { actorId: null, correlationId: 'test' };
  await handle(userAggregate, userStream(1), {
    type: 'RegisterUser', data: { userId: 1, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h' },
    meta: { now: AT, actor: { id: null, role: 'system', teamId: null } },
  }, ctx);
  const meta = { now: AT, actor: ann };
  await handle(leadAggregate, leadStream(7), [
    { type: 'CreateLead', data: { leadId: 7, name: 'Dana Scott', email: 'd@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'finance', source: null, notes: null }, meta },
    { type: 'ClaimLead', data: { leadId: 7 }, meta },
    { type: 'ChangeLeadStatus', data: { leadId: 7, status: 'contacted' }, meta },
  ], ctx);
  await store.append({ streamId: 'sale-1', streamType: 'sale', expectedVersion: 0, metadata: { actorId: 1, correlationId: 'test', causationId: null }, events: [{
    type: 'SaleRecorded', data: { saleId: 1, leadId: 7, userId: 1, teamId: null, leadType: 'finance', amountCents: 10_000, notes: null, rateBasisPoints: 400, rateSource: 'plan', planTeamId: null, planVersion: 0, commissionCents: 400, recordedBy: 1, at: AT },
  }] });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

// The log is read below the oldest transaction running anywhere on the server (other test files
// included), so freshly appended events become readable a moment later: wait for all five.
const all = () => waitFor(async () => {
  const events = await store.readAfter(LOG_START, 1000);
  return events.length >= 5 && events;
}, { what: 'the appended events to be readable' });
const typesIn = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);
const deliver = async (reactor: Reactor, events: RecordedEvent[]) => {
  for (const e of events) if (reactor.handles.includes(e.type)) await reactor.react(e);
};

describe('process managers under redelivery', () => {
  it('credit points once however often the log is delivered, even after a restart with an empty cache', async () => {
    const events = await all();
    await deliver(pointsReactor({ store, standings: createStandingStore(store) }), events);
    const after = await typesIn(userStream(1));
    expect(after).toEqual(['UserRegistered', 'PointsAwarded', 'BadgeAwarded', 'PointsAwarded', 'PointsAwarded', 'BadgeAwarded']);
    const reactor = pointsReactor({ store, standings: createStandingStore(store) });
    await deliver(reactor, events);
    await deliver(reactor, events.slice(1));
    expect(await typesIn(userStream(1))).toEqual(after);
    const { rows } = await pool.query(`select sum((data->>'points')::int)::int as p from events where stream_id = 'user-1' and type = 'PointsAwarded'`);
    expect(rows[0].p).toBe(pointsTable.points.claim + pointsTable.points.contact + pointsTable.points.sale);
  });

  it('mark a sold lead once', async () => {
    const reactor = saleReactor({ handle });
    const events = await all();
    await deliver(reactor, events);
    await deliver(reactor, events);
    const statuses = (await store.readStream(leadStream(7))).filter((e) => e.type === 'LeadStatusChanged').map((e) => (e.data as { to: string }).to);
    expect(statuses).toEqual(['contacted', 'sold']);
  });

  it('run on the Postgres tail, moving their checkpoint after acting', async () => {
    const notifier = createLogNotifier(db.url);
    const seen: string[] = [];
    const running = startReactor({ pool, store, notifier, reactor: { name: 'test_reactor_v1', handles: ['SaleRecorded'], react: async (e) => void seen.push(e.eventId) } });
    try {
      await waitFor(() => seen.length === 1);
      const last = (await all()).at(-1)!;
      await waitFor(async () => {
        const { rows } = await pool.query(`select global_position::text as p from checkpoints where name = 'test_reactor_v1'`);
        return rows[0]?.p === last.globalPosition;
      }, { what: 'the reactor checkpoint' });
    } finally {
      await running.stop();
      await notifier.close();
    }
    expect(seen).toHaveLength(1);
  });
});
