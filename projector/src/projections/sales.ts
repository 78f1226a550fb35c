import { parseEventData, type RecordedEvent, type SaleEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

type HistoryEntry = { eventId: string; type: string; at: string; by: number | null; summary: string };

/**
 * One row per sale and its commission, with the trace of every figure: the sale event, the
 * rate and the plan it came from, and each later change (`history`).
 */
export type SaleRow = {
  id: number; lead_id: number; user_id: number; team_id: number | null; lead_type: string; amount_cents: number;
  rate_bp: number; rate_source: 'plan' | 'manager'; plan_team_id: number | null; plan_version: number;
  commission_cents: number; status: 'pending' | 'approved' | 'paid' | 'rejected'; notes: string | null; sale_date: string;
  approved_at: string | null; paid_at: string | null; rejected_at: string | null; rejection_reason: string | null;
  recorded_by: number; sale_event_id: string; history: HistoryEntry[]; version: number;
};

const handles = ['SaleRecorded', 'CommissionRateAdjusted', 'CommissionApproved', 'CommissionPaid', 'CommissionRejected'] as const;
const pct = (bp: number) => `${bp / 100}%`;
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function reduce(row: SaleRow | null, e: RecordedEvent): SaleRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof handles)[number], e.data, e.metadata.schemaVersion) } as SaleEvent;
  const entry = (by: number | null, at: string, summary: string): HistoryEntry => ({ eventId: e.eventId, type: e.type, at, by, summary });
  if (ev.type === 'SaleRecorded') {
    const d = ev.data;
    return {
      id: d.saleId, lead_id: d.leadId, user_id: d.userId, team_id: d.teamId, lead_type: d.leadType, amount_cents: d.amountCents,
      rate_bp: d.rateBasisPoints, rate_source: d.rateSource, plan_team_id: d.planTeamId, plan_version: d.planVersion,
      commission_cents: d.commissionCents, status: 'pending', notes: d.notes, sale_date: d.at, approved_at: null, paid_at: null,
      rejected_at: null, rejection_reason: null, recorded_by: d.recordedBy, sale_event_id: e.eventId, version: 0,
      history: [entry(d.recordedBy, d.at, `Sale of ${usd(d.amountCents)} recorded at ${pct(d.rateBasisPoints)} (${d.rateSource === 'plan' ? `plan version ${d.planVersion}` : 'set by a manager'}): commission ${usd(d.commissionCents)}`)],
    };
  }
  if (!row) return null;
  switch (ev.type) {
    case 'CommissionRateAdjusted': {
      const d = ev.data;
      return {
        ...row, rate_bp: d.toBasisPoints, rate_source: 'manager', commission_cents: d.commissionCents,
        history: [...row.history, entry(d.by, d.at, `Rate changed from ${pct(d.fromBasisPoints)} to ${pct(d.toBasisPoints)}: commission ${usd(d.commissionCents)}`)],
      };
    }
    case 'CommissionApproved':
      return { ...row, status: 'approved', approved_at: ev.data.at, history: [...row.history, entry(ev.data.by, ev.data.at, 'Commission approved')] };
    case 'CommissionPaid':
      return { ...row, status: 'paid', paid_at: ev.data.at, history: [...row.history, entry(ev.data.by, ev.data.at, 'Commission paid')] };
    case 'CommissionRejected':
      return {
        ...row, status: 'rejected', rejected_at: ev.data.at, rejection_reason: ev.data.reason,
        history: [...row.history, entry(ev.data.by, ev.data.at, `Commission rejected: ${ev.data.reason}`)],
      };
    default:
      return row;
  }
}

export const sales = rowProjection<SaleRow>({
  name: 'sales_v1',
  table: 'sales_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('sale-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, lead_id int not null, user_id int not null, team_id int, lead_type text not null,
        amount_cents bigint not null, rate_bp int not null, rate_source text not null, plan_team_id int, plan_version int not null,
        commission_cents bigint not null, status text not null, notes text, sale_date timestamptz not null,
        approved_at timestamptz, paid_at timestamptz, rejected_at timestamptz, rejection_reason text,
        recorded_by int not null, sale_event_id uuid not null, history jsonb not null, version int not null
      );
      create index on "${t}" (user_id, sale_date desc);
      create index on "${t}" (team_id, sale_date desc);
      create index on "${t}" (sale_date);
    `);
  },
});
