import { defaultCommissionRates, streamIdOf, type CommissionRates, type SaleEvent } from '@leadfloor/events';
import { Forbidden, NotFound } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { managesTeam } from '../shared/manages-team';
import type { SetCommissionRates } from './commands';

/** A team's commission plan: rates per lead type; version 0 is the built-in default. */
export type CommissionPlan = { version: number; rates: CommissionRates; updatedAt: string | null };

export const commissionPlanStream = (teamId: number) => streamIdOf('commissionplan', teamId);

export function evolvePlan(s: CommissionPlan, e: SaleEvent): CommissionPlan {
  return e.type === 'CommissionRatesSet' ? { version: s.version + 1, rates: e.data.rates, updatedAt: e.data.at } : s;
}

/** A manager of the team sets its rates; new sales take them, recorded sales keep theirs. */
export function decidePlan(c: SetCommissionRates, s: CommissionPlan): SaleEvent[] {
  const { team, actor, now } = c.meta;
  if (!team) throw new NotFound('team.not_found', 'No such team.');
  if (!managesTeam(actor, team)) throw new Forbidden('commission_plan.manager_only', "Only a manager of this team can change its commission plan.");
  const { rates } = c.data;
  const same = (Object.keys(rates) as (keyof CommissionRates)[]).every((k) => rates[k] === s.rates[k]);
  if (same && s.version > 0) return [];
  return [{ type: 'CommissionRatesSet', data: { teamId: team.id, rates, by: actor.id, at: now } }];
}

export const commissionPlanAggregate: Aggregate<CommissionPlan, SetCommissionRates, SaleEvent> = {
  streamType: 'commissionplan',
  initialState: () => ({ version: 0, rates: defaultCommissionRates, updatedAt: null }),
  evolve: evolvePlan,
  decide: decidePlan,
};
