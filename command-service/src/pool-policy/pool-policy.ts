import {
  evolvePoolPolicies, initialPoolPolicies, streamIdOf, type PoolPolicies, type PoolPolicyEvent, type PoolPolicyRules,
} from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, VersionConflict } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { managesTeam, type ManagedTeam } from '../shared/manages-team';

/** The floor's pool rules and every team's override, on one stream (one version orders every change). */
export const POOL_POLICY_STREAM = streamIdOf('pool', 'policy');

type Meta = {
  now: string;
  actor: Actor;
  /** The team the command names, looked up by the caller (null: no such team). */
  team?: ManagedTeam | null;
};
/**
 * `teamId` null sets the floor's rules; a team id sets that team's override. `expectedVersion`:
 * the policy version the editor saw, so two managers editing at once do not overwrite each other
 * unseen.
 */
export type SetPoolPolicy = { type: 'SetPoolPolicy'; data: { teamId: number | null; rules: PoolPolicyRules; expectedVersion?: number }; meta: Meta };
export type RemovePoolPolicyOverride = { type: 'RemovePoolPolicyOverride'; data: { teamId: number }; meta: Meta };
export type PoolPolicyCommand = SetPoolPolicy | RemovePoolPolicyOverride;

const sameRules = (a: PoolPolicyRules, b: PoolPolicyRules) =>
  a.maxActiveClaims === b.maxActiveClaims && a.autoReleaseHours === b.autoReleaseHours
  && a.warnBeforeReleaseMinutes === b.warnBeforeReleaseMinutes && a.distribution === b.distribution
  && a.dripPerHour === b.dripPerHour && JSON.stringify(a.weights) === JSON.stringify(b.weights)
  && a.offerTimeoutMinutes === b.offerTimeoutMinutes;

const rulesOf = ({ maxActiveClaims, autoReleaseHours, warnBeforeReleaseMinutes, distribution, weights, dripPerHour, offerTimeoutMinutes }: PoolPolicyRules): PoolPolicyRules =>
  ({ maxActiveClaims, autoReleaseHours, warnBeforeReleaseMinutes, distribution, weights, dripPerHour, offerTimeoutMinutes });

/**
 * Who may change the pool's rules: a manager sets the floor's; a team's override is set or
 * removed by a manager of that team. Setting what is already set changes nothing; so does
 * removing an override a team does not have. Checks run: permission, then the version the
 * editor saw, then the no-op test.
 */
export function decidePoolPolicy(c: PoolPolicyCommand, s: PoolPolicies): PoolPolicyEvent[] {
  const { actor, now: at } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('pool_policy.manager_only', "Only a manager can change the pool's rules.");
  const { teamId } = c.data;
  if (teamId !== null) {
    if (!c.meta.team) throw new NotFound('team.not_found', `Team ${teamId} does not exist.`);
    if (!managesTeam(actor, c.meta.team)) throw new Forbidden('pool_policy.not_your_team', "Only a manager of this team can change its pool rules.");
  }
  if (c.type === 'RemovePoolPolicyOverride') {
    return s.teams[c.data.teamId] ? [{ type: 'PoolPolicyOverrideRemoved', data: { teamId: c.data.teamId, by: actor.id, at } }] : [];
  }
  const { expectedVersion } = c.data;
  // Refused only when this scope changed after the version the editor loaded: a change to
  // another scope (another team's override) meanwhile takes nothing from this editor.
  const scopeVersion = (teamId === null ? s.floor : s.teams[teamId])?.version ?? 0;
  if (expectedVersion !== undefined && (scopeVersion > expectedVersion || expectedVersion > s.version)) {
    throw new VersionConflict('pool_policy.changed', 'The pool rules changed since you opened them; review them and save again.', {
      version: s.version,
    });
  }
  const current = teamId === null ? s.floor : s.teams[teamId];
  const rules = rulesOf(c.data.rules);
  if (current && sameRules(current, rules)) return [];
  return [{ type: 'PoolPolicySet', data: { teamId, ...rules, by: actor.id, at } }];
}

export const poolPolicyAggregate: Aggregate<PoolPolicies, PoolPolicyCommand, PoolPolicyEvent> = {
  streamType: 'pool', initialState: initialPoolPolicies, evolve: evolvePoolPolicies, decide: decidePoolPolicy,
};
