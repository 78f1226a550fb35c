import type { RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * One row per claim and per release by the floor's auto-release rule, for the pool report's
 * claims per agent and releases by the policy. Keyed by the event (`<lead>-<version>`), so a
 * redelivered event finds its row and changes nothing.
 */
export type PoolClaimRow = { id: string; lead_id: number; user_id: number; kind: 'claim' | 'auto_release'; at: string; version: number };

const autoRelease = (e: RecordedEvent) => e.type === 'LeadReleased' && (e.data as { reason?: string }).reason === 'auto_release';

export const poolClaims = rowProjection<PoolClaimRow>({
  name: 'pool_claims_v1',
  table: 'pool_claims_v1',
  keyColumn: 'id',
  handles: ['LeadClaimed', 'LeadReleased'],
  keyOf: (e) => (e.streamId.startsWith('lead-') && (e.type === 'LeadClaimed' || autoRelease(e)) ? `${e.streamId.slice(5)}-${e.streamVersion}` : null),
  reduce(_row, e) {
    const d = e.data as { leadId: number; userId: number; at: string };
    return { id: `${d.leadId}-${e.streamVersion}`, lead_id: d.leadId, user_id: d.userId, kind: e.type === 'LeadClaimed' ? 'claim' : 'auto_release', at: d.at, version: e.streamVersion };
  },
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (id text primary key, lead_id int not null, user_id int not null, kind text not null, at timestamptz not null, version int not null);
      create index on "${t}" (kind, at);
    `);
  },
});
