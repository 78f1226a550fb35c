import { defaultCommissionRates, type SaleEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import type { SetCommissionRates } from './commands';
import { commissionPlanAggregate } from './commission-plan';

const NOW = '2026-03-02T10:00:00.000Z';
const max: Actor = { id: 100, role: 'manager', teamId: 10 };
const rates = { real_estate: 250, finance: 400, forex: 800 };
const set = (actor: Actor, r = rates, team: { id: number; managerId: number | null } | null = { id: 10, managerId: 100 }): SetCommissionRates =>
  ({ type: 'SetCommissionRates', data: { rates: r }, meta: { now: NOW, actor, team } });
const decide = (history: SaleEvent[], c: SetCommissionRates) =>
  commissionPlanAggregate.decide(c, history.reduce(commissionPlanAggregate.evolve, commissionPlanAggregate.initialState()));

describe('commission plan', () => {
  it('starts at the default rates, version 0, and a manager of the team sets new ones', () => {
    expect(commissionPlanAggregate.initialState()).toMatchObject({ version: 0, rates: defaultCommissionRates });
    const events = decide([], set(max));
    expect(events).toEqual([{ type: 'CommissionRatesSet', data: { teamId: 10, rates, by: 100, at: NOW } }]);
    expect(decide(events, set(max))).toEqual([]);
  });

  it('writes the default rates down when a manager confirms them (the plan then has a version)', () => {
    expect(decide([], set(max, defaultCommissionRates))).toHaveLength(1);
  });

  it('refuses agents and managers of other teams, and unknown teams', () => {
    expect(() => decide([], set({ id: 1, role: 'agent', teamId: 10 }))).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'commission_plan.manager_only' }));
    expect(() => decide([], set({ id: 101, role: 'manager', teamId: 20 }))).toThrow(expect.objectContaining({ kind: 'Forbidden' }));
    expect(() => decide([], set(max, rates, null))).toThrow(expect.objectContaining({ kind: 'NotFound', code: 'team.not_found' }));
  });
});
