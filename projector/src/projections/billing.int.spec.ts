import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
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

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map((events) => ({ streamId: 'billing-floor', events })), [billing]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

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
