import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { LOG_START } from '@leadfloor/infra/event-store/types';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { billing } from './billing';

const AT = '2026-04-01T09:00:00.000Z';
const LATER = '2026-04-02T09:00:00.000Z';
const stripe = (eventId: string, created: number) => ({ stripeEventId: eventId, stripeCreated: created });
// A floor set to Team by hand, three seats taken and one handed back, then a Stripe checkout, its
// subscription, a failed payment and a renewal.
const appends: NewEvent[][] = [
  [{ type: 'PlanChanged', data: { plan: 'team', seats: 10, by: 1, at: AT } }],
  [{ type: 'SeatAssigned', data: { userId: 2, at: AT } }],
  [{ type: 'SeatAssigned', data: { userId: 3, at: AT } }, { type: 'SeatAssigned', data: { userId: 4, at: AT } }],
  [{ type: 'SeatReleased', data: { userId: 3, at: AT } }],
  [{ type: 'CheckoutStarted', data: { sessionId: 'cs_1', plan: 'floor', seats: 40, by: 1, at: AT } }],
  [
    { type: 'CheckoutCompleted', data: { ...stripe('evt_1', 100), sessionId: 'cs_1', customerId: 'cus_1', subscriptionId: 'sub_1', at: LATER } },
    { type: 'SubscriptionUpdated', data: { ...stripe('evt_1', 100), subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', plan: 'floor', seats: 40, currentPeriodEnd: null, at: LATER } },
  ],
  [{ type: 'PaymentFailed', data: { ...stripe('evt_2', 200), subscriptionId: 'sub_1', invoiceId: 'in_1', at: LATER } }],
  [{ type: 'SubscriptionUpdated', data: {
    ...stripe('evt_3', 300), subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', plan: 'floor', seats: 45, currentPeriodEnd: '2026-05-02T09:00:00.000Z', at: LATER,
  } }],
];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4 });
  const store = createPostgresEventStore(pool);
  let version = 0;
  for (const evs of appends) {
    await store.append({ streamId: 'billing-floor', streamType: 'billing', expectedVersion: version, events: evs, metadata: { actorId: 1, correlationId: 'test', causationId: null } });
    version += evs.length;
  }
  events = await waitFor(async () => {
    const read = await store.readAfter(LOG_START, 1000);
    return read.length === version && read;
  }, { what: 'the appended events to be readable' });
  const c = await pool.connect();
  try {
    await billing.createTables(c, billing.tables);
  } finally {
    c.release();
  }
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('billing_v1', () => {
  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, billing, events);
    expect(once.rows).toBe(1);
    expect(await appliedHash(pool, billing, events)).toEqual(once);
    expect(await appliedHash(pool, billing, events.slice(2), events.slice(5))).toEqual(once);
  });

  it("keeps the floor's plan, seats held, subscription and last checkout, at the stream's version", async () => {
    const { rows: [row] } = await pool.query('select floor, facts, version from billing_v1');
    expect(row).toEqual({
      floor: 'floor', version: 10,
      facts: {
        plan: 'floor', seats: 45, status: 'active', source: 'stripe', customerId: 'cus_1', subscriptionId: 'sub_1',
        currentPeriodEnd: '2026-05-02T09:00:00.000Z', stripeCreated: 300, seatsUsed: 2,
        checkout: { sessionId: 'cs_1', plan: 'floor', seats: 40, status: 'completed' }, updatedAt: LATER,
      },
    });
  });
});
