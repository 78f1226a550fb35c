import { defaultCommissionRates, type SaleEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import type { RecordSale, SaleCommand, SaleLead } from './commands';
import { commissionCents } from './commission';
import { saleAggregate } from './sale-aggregate';

const NOW = '2026-03-02T10:00:00.000Z';
const ann: Actor = { id: 1, role: 'agent', teamId: 10 };
const bob: Actor = { id: 2, role: 'agent', teamId: 10 };
const max: Actor = { id: 100, role: 'manager', teamId: 10 };
const otherManager: Actor = { id: 101, role: 'manager', teamId: 20 };
const team = { id: 10, managerId: 100 };
const plan = { teamId: null, version: 0, rates: defaultCommissionRates };
const heldByAnn: SaleLead = { exists: true, claimedBy: ann.id, leadType: 'finance', status: 'qualified' };

const given = (...history: SaleEvent[]) => ({
  when: (c: SaleCommand) => {
    const state = history.reduce(saleAggregate.evolve, saleAggregate.initialState());
    return {
      then: (expected: SaleEvent[]) => expect(saleAggregate.decide(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => saleAggregate.decide(c, state)).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});
const recordBy = (actor: Actor, over: Partial<RecordSale['data']> = {}, lead = heldByAnn): RecordSale => ({
  type: 'RecordSale', data: { saleId: 9, leadId: 7, amountCents: 1_234_56, notes: null, rateBasisPoints: null, ...over },
  meta: { now: NOW, actor, sellerTeam: team, plan, lead },
});
const recorded = (over: Partial<Extract<SaleEvent, { type: 'SaleRecorded' }>['data']> = {}): SaleEvent => ({
  type: 'SaleRecorded',
  data: {
    saleId: 9, leadId: 7, userId: 1, teamId: 10, leadType: 'finance', amountCents: 1_234_56, notes: null, rateBasisPoints: 400,
    rateSource: 'plan', planTeamId: null, planVersion: 0, commissionCents: 4_938, recordedBy: 1, at: NOW, ...over,
  },
});
const on = (type: 'ApproveCommission' | 'PayCommission', actor: Actor): SaleCommand => ({ type, data: {}, meta: { now: NOW, actor, sellerTeam: team } });
const reject = (actor: Actor): SaleCommand => ({ type: 'RejectCommission', data: { reason: ' Client cancelled ' }, meta: { now: NOW, actor, sellerTeam: team } });

describe('commission arithmetic', () => {
  it('keeps amount × rate in integer cents, rounding half up', () => {
    expect(commissionCents(1_234_56, 400)).toBe(4_938); // 4,938.24
    expect(commissionCents(1_234_56, 325)).toBe(4_012); // 4,012.32
    expect(commissionCents(50, 100)).toBe(1); // 0.5 rounds up
    expect(commissionCents(49, 100)).toBe(0); // 0.49 rounds down
    expect(commissionCents(100_000_000_000, 10_000)).toBe(100_000_000_000);
  });
});

describe('RecordSale', () => {
  it("records a sale by the lead's holder at the plan's rate for the lead's type", () => {
    given().when(recordBy(ann)).then([recorded()]);
  });

  it("lets a manager of the holder's team record it for them, and set the rate", () => {
    given().when(recordBy(max, { rateBasisPoints: 1250 }))
      .then([recorded({ recordedBy: 100, rateBasisPoints: 1250, rateSource: 'manager', commissionCents: 15_432 })]);
  });

  it('refuses teammates and other managers, and an agent setting their own rate', () => {
    given().when(recordBy(bob)).thenRefuses('Forbidden', 'sale.not_holder');
    given().when(recordBy(otherManager)).thenRefuses('Forbidden', 'sale.not_holder');
    given().when(recordBy(ann, { rateBasisPoints: 5000 })).thenRefuses('Forbidden', 'sale.rate_manager_only');
  });

  it('refuses a lead nobody holds, an unknown lead and a sale id used twice', () => {
    given().when(recordBy(ann, {}, { exists: true, claimedBy: null, leadType: 'finance', status: 'available' })).thenRefuses('RuleViolation', 'lead.not_claimed');
    given().when(recordBy(ann, {}, { exists: false, claimedBy: null, leadType: null, status: null })).thenRefuses('NotFound', 'lead.not_found');
    given(recorded()).when(recordBy(ann)).thenRefuses('RuleViolation', 'sale.already_exists');
  });
});

describe('commission workflow', () => {
  const approved: SaleEvent = { type: 'CommissionApproved', data: { saleId: 9, by: 100, at: NOW } };
  const paid: SaleEvent = { type: 'CommissionPaid', data: { saleId: 9, by: 100, at: NOW } };

  it('moves pending -> approved -> paid by a manager of the seller’s team; repeats are no-ops', () => {
    given(recorded()).when(on('ApproveCommission', max)).then([approved]);
    given(recorded(), approved).when(on('ApproveCommission', max)).then([]);
    given(recorded(), approved).when(on('PayCommission', max)).then([paid]);
    given(recorded(), approved, paid).when(on('PayCommission', max)).then([]);
  });

  it('refuses skipping approval, and changing a paid commission', () => {
    given(recorded()).when(on('PayCommission', max)).thenRefuses('RuleViolation', 'commission.not_approved');
    given(recorded(), approved, paid).when(reject(max)).thenRefuses('RuleViolation', 'commission.already_paid');
    given(recorded(), approved, paid).when(on('ApproveCommission', max)).thenRefuses('RuleViolation', 'commission.not_pending');
  });

  it('rejects a pending or approved commission with its reason', () => {
    const rejected: SaleEvent = { type: 'CommissionRejected', data: { saleId: 9, by: 100, reason: 'Client cancelled', at: NOW } };
    given(recorded()).when(reject(max)).then([rejected]);
    given(recorded(), approved).when(reject(max)).then([rejected]);
    given(recorded(), rejected).when(reject(max)).then([]);
    given(recorded(), rejected).when(on('ApproveCommission', max)).thenRefuses('RuleViolation', 'commission.not_pending');
  });

  it('re-rates only a pending commission, recomputing it from the same amount', () => {
    const rate = (bp: number): SaleCommand => ({ type: 'AdjustCommissionRate', data: { rateBasisPoints: bp }, meta: { now: NOW, actor: max, sellerTeam: team } });
    given(recorded()).when(rate(500)).then([{ type: 'CommissionRateAdjusted', data: { saleId: 9, fromBasisPoints: 400, toBasisPoints: 500, commissionCents: 6_173, by: 100, at: NOW } }]);
    given(recorded()).when(rate(400)).then([]);
    given(recorded(), approved).when(rate(500)).thenRefuses('RuleViolation', 'commission.not_pending');
  });

  it('refuses agents and managers of other teams, and answers not found for an unknown sale', () => {
    given(recorded()).when(on('ApproveCommission', ann)).thenRefuses('Forbidden', 'commission.manager_only');
    given(recorded()).when(on('ApproveCommission', otherManager)).thenRefuses('Forbidden', 'commission.not_your_team');
    given().when(on('ApproveCommission', max)).thenRefuses('NotFound', 'sale.not_found');
  });
});
