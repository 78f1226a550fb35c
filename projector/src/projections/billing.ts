import {
  BILLING_STREAM_ID, billingEventSchemas, evolveBillingFacts, initialBillingFacts, parseEventData, type BillingEvent, type BillingEventType, type BillingFacts,
} from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** The floor's billing, one row: the same facts the command side folds, at the stream's version. */
export type BillingRow = { floor: string; facts: BillingFacts; version: number };

const BILLING_TYPES = Object.keys(billingEventSchemas) as BillingEventType[];

export const billing = rowProjection<BillingRow>({
  name: 'billing_v1',
  table: 'billing_v1',
  keyColumn: 'floor',
  handles: BILLING_TYPES,
  keyOf: (e) => (e.streamId === BILLING_STREAM_ID ? 'floor' : null),
  reduce(row, e) {
    const type = e.type as BillingEventType;
    const event = { type, data: parseEventData(type, e.data, e.metadata.schemaVersion) } as BillingEvent;
    return { floor: 'floor', facts: evolveBillingFacts(row?.facts ?? initialBillingFacts(), event), version: e.streamVersion };
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (floor text primary key, facts jsonb not null, version int not null)`);
  },
});
