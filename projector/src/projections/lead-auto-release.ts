import { parseEventData, type LeadEventType } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * What the pool's rows do not carry of a lead's auto-release: whether a manager exempted it, and
 * when an exemption was last lifted (its clock restarts then). One row per lead that ever had
 * an exemption; a lead without a row is under the rule, timed from its claim.
 */
export type LeadAutoReleaseRow = { id: number; exempt: boolean; exempted_by: number | null; resumed_at: string | null; version: number };

const handles = ['LeadAutoReleaseExempted', 'LeadAutoReleaseExemptionLifted'] as const;

export const leadAutoRelease = rowProjection<LeadAutoReleaseRow>({
  name: 'lead_auto_release_v1',
  table: 'lead_auto_release_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('lead-') ? Number(e.streamId.slice(5)) : null),
  reduce(row, e) {
    const d = parseEventData(e.type as LeadEventType, e.data, e.metadata.schemaVersion) as { leadId: number; at: string; exemptedBy?: number };
    const base = row ?? { id: d.leadId, exempt: false, exempted_by: null, resumed_at: null, version: 0 };
    return e.type === 'LeadAutoReleaseExempted'
      ? { ...base, exempt: true, exempted_by: d.exemptedBy ?? null, version: e.streamVersion }
      : { ...base, exempt: false, exempted_by: null, resumed_at: d.at, version: e.streamVersion };
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (id int primary key, exempt boolean not null, exempted_by int, resumed_at timestamptz, version int not null)`);
  },
});
