import type { CommissionRates, LeadStatus, LeadType } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import type { ManagedTeam } from '../shared/manages-team';

/** The plan in force for the seller's team: the rates, and where they came from. */
export type PlanInForce = { teamId: number | null; version: number; rates: CommissionRates };
export type SaleLead = { exists: boolean; claimedBy: number | null; leadType: LeadType | null; status: LeadStatus | null };

type Meta = { now: string; actor: Actor };
/** Commission actions need the seller's team, looked up by the caller (null: the seller has none). */
type TeamMeta = Meta & { sellerTeam: ManagedTeam | null };

export type RecordSale = {
  type: 'RecordSale';
  data: { saleId: number; leadId: number; amountCents: number; notes: string | null; rateBasisPoints: number | null };
  meta: TeamMeta & { lead: SaleLead; plan: PlanInForce };
};
export type AdjustCommissionRate = { type: 'AdjustCommissionRate'; data: { rateBasisPoints: number }; meta: TeamMeta };
export type ApproveCommission = { type: 'ApproveCommission'; data: Record<string, never>; meta: TeamMeta };
export type PayCommission = { type: 'PayCommission'; data: Record<string, never>; meta: TeamMeta };
export type RejectCommission = { type: 'RejectCommission'; data: { reason: string }; meta: TeamMeta };

export type SaleCommand = RecordSale | AdjustCommissionRate | ApproveCommission | PayCommission | RejectCommission;

export type SetCommissionRates = {
  type: 'SetCommissionRates';
  data: { rates: CommissionRates };
  meta: Meta & { team: ManagedTeam | null };
};
