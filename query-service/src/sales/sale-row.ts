import type { Sale } from '@leadfloor/contracts';

export type SaleRowWithNames = {
  id: number; lead_id: number; lead_name: string | null; user_id: number; user_name: string | null; team_id: number | null;
  lead_type: Sale['leadType']; amount_cents: string; rate_bp: number; rate_source: Sale['rateSource']; plan_team_id: number | null;
  plan_version: number; commission_cents: string; status: Sale['status']; notes: string | null; sale_date: Date;
  approved_at: Date | null; paid_at: Date | null; rejected_at: Date | null; rejection_reason: string | null;
  recorded_by: number; sale_event_id: string;
  history: { eventId: string; type: string; at: string; by: number | null; summary: string }[]; version: number;
};

export const SALE_SELECT = `
  select s.*, u.full_name as user_name, l.name as lead_name
  from sales_v1 s left join users_v1 u on u.id = s.user_id left join lead_pool_v1 l on l.id = s.lead_id`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const saleFromRow = (r: SaleRowWithNames): Sale => ({
  id: r.id, leadId: r.lead_id, leadName: r.lead_name, userId: r.user_id, userName: r.user_name, teamId: r.team_id,
  leadType: r.lead_type, amountCents: Number(r.amount_cents), commissionRate: r.rate_bp / 100, commissionRateBasisPoints: r.rate_bp,
  rateSource: r.rate_source, commissionCents: Number(r.commission_cents), status: r.status, notes: r.notes,
  saleDate: r.sale_date.toISOString(), approvedAt: iso(r.approved_at), paidAt: iso(r.paid_at), rejectedAt: iso(r.rejected_at),
  rejectionReason: r.rejection_reason, version: r.version,
});
