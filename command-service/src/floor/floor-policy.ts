import { streamIdOf, type FloorPolicyEvent } from '@leadfloor/events';
import type { UniqueKey } from '@leadfloor/infra/event-store/types';
import { TWO_FACTOR_REQUIRED_MARK } from '@leadfloor/infra/auth/two-factor-gate';
import type { Actor } from '../leads/commands';
import { Forbidden, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';

/** The floor's security rules: one stream for the whole floor (this deployment). */
export type FloorPolicy = { twoFactorRequired: boolean };

/**
 * `actorHasTwoFactor`: looked up by the route. A manager turns the requirement on only once
 * their own second factor is on, so the switch never shuts its own author out.
 */
export type SetFloorTwoFactorPolicy = {
  type: 'SetFloorTwoFactorPolicy'; data: { required: boolean }; meta: { now: string; actor: Actor; actorHasTwoFactor: boolean };
};

export const initialFloorPolicy = (): FloorPolicy => ({ twoFactorRequired: false });

export function evolveFloorPolicy(s: FloorPolicy, e: FloorPolicyEvent): FloorPolicy {
  switch (e.type) {
    case 'FloorTwoFactorPolicySet':
      return { ...s, twoFactorRequired: e.data.required };
  }
}

/** Only a manager sets the floor's rule; setting it to what it is changes nothing. */
export function decideFloorPolicy(c: SetFloorTwoFactorPolicy, s: FloorPolicy): FloorPolicyEvent[] {
  const { actor, now: at, actorHasTwoFactor } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('two_factor.manager_only', 'Only a manager can change the floor\'s sign-in rules.');
  if (s.twoFactorRequired === c.data.required) return [];
  if (c.data.required && !actorHasTwoFactor) {
    throw new RuleViolation('two_factor.enable_yourself_first', 'Turn on two-factor sign-in for yourself before requiring it of the floor.');
  }
  return [{ type: 'FloorTwoFactorPolicySet', data: { required: c.data.required, by: actor.id, at } }];
}

export const floorPolicyAggregate: Aggregate<FloorPolicy, SetFloorTwoFactorPolicy, FloorPolicyEvent> = {
  streamType: 'floor', initialState: initialFloorPolicy, evolve: evolveFloorPolicy, decide: decideFloorPolicy,
};
export const FLOOR_POLICY_STREAM = streamIdOf('floor', 'policy');

/**
 * The requirement is also marked in the append's own statement (see two-factor-gate.ts), so
 * the check every request passes sees it the moment it commits.
 */
export const floorPolicyKeys = {
  claimKeys: (events: FloorPolicyEvent[]): UniqueKey[] => (events.at(-1)?.data.required === true ? [TWO_FACTOR_REQUIRED_MARK] : []),
  releaseKeys: (events: FloorPolicyEvent[]): UniqueKey[] => (events.at(-1)?.data.required === false ? [TWO_FACTOR_REQUIRED_MARK] : []),
};
