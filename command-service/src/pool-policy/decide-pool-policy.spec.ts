import { defaultPoolPolicyRules, evolvePoolPolicies, initialPoolPolicies, type PoolPolicyEvent, type PoolPolicyRules } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decidePoolPolicy, type PoolPolicyCommand } from './pool-policy';

const now = '2026-03-01T10:00:00.000Z';
const manager: Actor = { id: 1, role: 'manager', teamId: 3 };
const otherManager: Actor = { id: 2, role: 'manager', teamId: 4 };
const lead: Actor = { id: 5, role: 'teamLead', teamId: 3 };
const agent: Actor = { id: 6, role: 'agent', teamId: 3 };
const team3 = { id: 3, managerId: 1 };
const capped: PoolPolicyRules = { ...defaultPoolPolicyRules, maxActiveClaims: 5, autoReleaseHours: 24, warnBeforeReleaseMinutes: 60 };

const set = (rules: PoolPolicyRules, actor = manager, teamId: number | null = null, extra: { expectedVersion?: number } = {}): PoolPolicyCommand =>
  ({ type: 'SetPoolPolicy', data: { teamId, rules, ...extra }, meta: { now, actor, team: teamId === 3 ? team3 : teamId === null ? undefined : null } });
const remove = (teamId: number, actor = manager): PoolPolicyCommand =>
  ({ type: 'RemovePoolPolicyOverride', data: { teamId }, meta: { now, actor, team: teamId === 3 ? team3 : null } });
const floorSet = (rules: PoolPolicyRules, by = 1): PoolPolicyEvent => ({ type: 'PoolPolicySet', data: { teamId: null, ...rules, by, at: now } });
const teamSet = (rules: PoolPolicyRules): PoolPolicyEvent => ({ type: 'PoolPolicySet', data: { teamId: 3, ...rules, by: 1, at: now } });

const given = (...events: PoolPolicyEvent[]) => {
  const state = events.reduce(evolvePoolPolicies, initialPoolPolicies());
  return {
    when: (c: PoolPolicyCommand) => ({
      then: (expected: PoolPolicyEvent[]) => expect(decidePoolPolicy(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => decidePoolPolicy(c, state)).toThrow(expect.objectContaining({ kind, code })),
    }),
  };
};

describe('pool policy decider', () => {
  it("lets a manager set the floor's rules, and a manager of a team its override", () => {
    given().when(set(capped)).then([floorSet(capped)]);
    given().when(set(capped, manager, 3)).then([teamSet(capped)]);
  });

  it('refuses everyone but managers', () => {
    given().when(set(capped, lead)).thenRefuses('Forbidden', 'pool_policy.manager_only');
    given().when(set(capped, agent)).thenRefuses('Forbidden', 'pool_policy.manager_only');
    given(teamSet(capped)).when(remove(3, agent)).thenRefuses('Forbidden', 'pool_policy.manager_only');
  });

  it("refuses a manager another team's override, and a team that does not exist", () => {
    given().when(set(capped, otherManager, 3)).thenRefuses('Forbidden', 'pool_policy.not_your_team');
    given(teamSet(capped)).when(remove(3, otherManager)).thenRefuses('Forbidden', 'pool_policy.not_your_team');
    given().when(set(capped, manager, 99)).thenRefuses('NotFound', 'team.not_found');
  });

  it('refuses a save over a change the editor did not see', () => {
    given(floorSet(capped)).when(set({ ...capped, maxActiveClaims: 3 }, manager, null, { expectedVersion: 0 })).thenRefuses('VersionConflict', 'pool_policy.changed');
    given(floorSet(capped)).when(set({ ...capped, maxActiveClaims: 3 }, manager, null, { expectedVersion: 1 })).then([floorSet({ ...capped, maxActiveClaims: 3 })]);
  });

  it("lets a save through when only another scope changed since the editor loaded the rules, and refuses a version not yet reached", () => {
    given(floorSet(capped), teamSet(capped)).when(set({ ...capped, maxActiveClaims: 3 }, manager, null, { expectedVersion: 1 }))
      .then([floorSet({ ...capped, maxActiveClaims: 3 })]);
    given(floorSet(capped)).when(set({ ...capped, maxActiveClaims: 3 }, manager, null, { expectedVersion: 2 })).thenRefuses('VersionConflict', 'pool_policy.changed');
  });

  it('changes nothing when the rules are already so', () => {
    given(floorSet(capped)).when(set(capped)).then([]);
    given().when(set(defaultPoolPolicyRules)).then([]);
    given(teamSet(capped)).when(set(capped, manager, 3)).then([]);
  });

  it('takes a team back to the floor, once', () => {
    given(teamSet(capped)).when(remove(3)).then([{ type: 'PoolPolicyOverrideRemoved', data: { teamId: 3, by: 1, at: now } }]);
    given().when(remove(3)).then([]);
  });
});
