import { streamIdOf, type LeadType, type SaleEvent, type SaleStatus } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { managesTeam } from '../shared/manages-team';
import { commissionCents } from './commission';
import type { RecordSale, SaleCommand } from './commands';

export type Sale = {
  exists: true; id: number; leadId: number; userId: number; teamId: number | null; leadType: LeadType;
  amountCents: number; rateBasisPoints: number; rateSource: 'plan' | 'manager'; commissionCents: number;
  status: SaleStatus; notes: string | null; saleDate: string;
  approvedAt: string | null; paidAt: string | null; rejectedAt: string | null; rejectionReason: string | null;
};
export type SaleState = { exists: false } | Sale;

export const saleStream = (id: number) => streamIdOf('sale', id);

export function evolveSale(s: SaleState, e: SaleEvent): SaleState {
  if (e.type === 'SaleRecorded') {
    const d = e.data;
    return {
      exists: true, id: d.saleId, leadId: d.leadId, userId: d.userId, teamId: d.teamId, leadType: d.leadType,
      amountCents: d.amountCents, rateBasisPoints: d.rateBasisPoints, rateSource: d.rateSource, commissionCents: d.commissionCents,
      status: 'pending', notes: d.notes, saleDate: d.at, approvedAt: null, paidAt: null, rejectedAt: null, rejectionReason: null,
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'CommissionRateAdjusted':
      return { ...s, rateBasisPoints: e.data.toBasisPoints, rateSource: 'manager', commissionCents: e.data.commissionCents };
    case 'CommissionApproved':
      return { ...s, status: 'approved', approvedAt: e.data.at };
    case 'CommissionPaid':
      return { ...s, status: 'paid', paidAt: e.data.at };
    case 'CommissionRejected':
      return { ...s, status: 'rejected', rejectedAt: e.data.at, rejectionReason: e.data.reason };
    default:
      return s;
  }
}

function recordSale(c: RecordSale, s: SaleState): SaleEvent[] {
  const { lead, actor, sellerTeam, plan, now } = c.meta;
  if (s.exists) throw new RuleViolation('sale.already_exists', `Sale ${c.data.saleId} already exists.`);
  if (!lead.exists || lead.leadType === null) throw new NotFound('lead.not_found', `Lead ${c.data.leadId} does not exist.`);
  if (lead.claimedBy === null) {
    throw new RuleViolation('lead.not_claimed', 'A sale is recorded on a lead someone holds.', { status: lead.status });
  }
  const manager = sellerTeam !== null && managesTeam(actor, sellerTeam);
  if (actor.id !== lead.claimedBy && !manager) {
    throw new Forbidden('sale.not_holder', "Only the agent holding this lead or their manager may record its sale.", { claimedBy: lead.claimedBy });
  }
  if (c.data.rateBasisPoints !== null && !manager) {
    throw new Forbidden('sale.rate_manager_only', "Only a manager of the seller's team may set a commission rate.");
  }
  const rate = c.data.rateBasisPoints ?? plan.rates[lead.leadType];
  return [{
    type: 'SaleRecorded',
    data: {
      saleId: c.data.saleId, leadId: c.data.leadId, userId: lead.claimedBy, teamId: sellerTeam?.id ?? null,
      leadType: lead.leadType, amountCents: c.data.amountCents, notes: c.data.notes,
      rateBasisPoints: rate, rateSource: c.data.rateBasisPoints === null ? 'plan' : 'manager',
      planTeamId: plan.teamId, planVersion: plan.version,
      commissionCents: commissionCents(c.data.amountCents, rate), recordedBy: actor.id, at: now,
    },
  }];
}

const refuseStatus = (s: Sale, code: string, message: string) => new RuleViolation(code, message, { status: s.status });

/**
 * A sale's rules. Choices:
 * - The seller is the lead's holder, whoever records it (the holder, or a manager of their
 *   team entering it for them); the rate defaults to the plan for the lead's type, and only a
 *   manager of the seller's team may set another, when recording or while the sale is pending.
 * - Commission moves pending -> approved -> paid; a pending or approved commission can be
 *   rejected with a reason; a paid one is final. Only a manager of the seller's team acts.
 * - Repeating the action a sale already reflects is a no-op, so a retried click is harmless.
 */
export function decideSale(c: SaleCommand, s: SaleState): SaleEvent[] {
  if (c.type === 'RecordSale') return recordSale(c, s);
  if (!s.exists) throw new NotFound('sale.not_found', 'No such sale.');
  const { actor, sellerTeam, now } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('commission.manager_only', 'Only a manager can act on commissions.');
  if (sellerTeam === null || !managesTeam(actor, sellerTeam)) {
    throw new Forbidden('commission.not_your_team', "Only a manager of the seller's team can act on this commission.");
  }
  const base = { saleId: s.id, by: actor.id, at: now };
  switch (c.type) {
    case 'AdjustCommissionRate': {
      if (s.status !== 'pending') throw refuseStatus(s, 'commission.not_pending', 'Only a pending commission can be re-rated.');
      const to = c.data.rateBasisPoints;
      if (to === s.rateBasisPoints) return [];
      return [{
        type: 'CommissionRateAdjusted',
        data: { saleId: s.id, fromBasisPoints: s.rateBasisPoints, toBasisPoints: to, commissionCents: commissionCents(s.amountCents, to), by: actor.id, at: now },
      }];
    }
    case 'ApproveCommission':
      if (s.status === 'approved') return [];
      if (s.status !== 'pending') throw refuseStatus(s, 'commission.not_pending', `This commission is ${s.status}; only a pending one can be approved.`);
      return [{ type: 'CommissionApproved', data: base }];
    case 'PayCommission':
      if (s.status === 'paid') return [];
      if (s.status !== 'approved') throw refuseStatus(s, 'commission.not_approved', `This commission is ${s.status}; approve it before paying it.`);
      return [{ type: 'CommissionPaid', data: base }];
    case 'RejectCommission':
      if (s.status === 'rejected') return [];
      if (s.status === 'paid') throw refuseStatus(s, 'commission.already_paid', 'A paid commission cannot be rejected.');
      return [{ type: 'CommissionRejected', data: { ...base, reason: c.data.reason.trim() } }];
  }
}

export const saleAggregate: Aggregate<SaleState, SaleCommand, SaleEvent> = {
  streamType: 'sale', initialState: () => ({ exists: false }), evolve: evolveSale, decide: decideSale,
};
