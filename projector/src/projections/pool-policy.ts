import {
  evolvePoolPolicies, initialPoolPolicies, parseEventData, type PoolPolicies, type PoolPolicyEvent, type PoolPolicyEventType, type RecordedEvent,
} from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * The floor's pool rules as one row: the policy stream folded the way the command side folds it
 * (`evolvePoolPolicies`), so GET /api/pool-policy shows exactly the rules a claim obeys.
 */
export type PoolPolicyRow = { id: string; policies: PoolPolicies; version: number };

const handles = ['PoolPolicySet', 'PoolPolicyOverrideRemoved'] as const;
const toEvent = (e: RecordedEvent) =>
  ({ type: e.type, data: parseEventData(e.type as PoolPolicyEventType, e.data, e.metadata.schemaVersion) }) as PoolPolicyEvent;

export const poolPolicy = rowProjection<PoolPolicyRow>({
  name: 'pool_policies_v1',
  table: 'pool_policies_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId === 'pool-policy' ? 'pool' : null),
  reduce: (row, e) => ({ id: 'pool', policies: evolvePoolPolicies(row?.policies ?? initialPoolPolicies(), toEvent(e)), version: e.streamVersion }),
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (id text primary key, policies jsonb not null, version int not null)`);
  },
});
