import type { FloorPolicyEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decideFloorPolicy, evolveFloorPolicy, initialFloorPolicy, type SetFloorTwoFactorPolicy } from './floor-policy';

const now = '2026-03-01T10:00:00.000Z';
const manager: Actor = { id: 1, role: 'manager', teamId: null };
const lead: Actor = { id: 2, role: 'teamLead', teamId: 3 };
const required: FloorPolicyEvent = { type: 'FloorTwoFactorPolicySet', data: { required: true, by: 1, at: now } };

const set = (value: boolean, actor = manager, actorHasTwoFactor = true): SetFloorTwoFactorPolicy =>
  ({ type: 'SetFloorTwoFactorPolicy', data: { required: value }, meta: { now, actor, actorHasTwoFactor } });
const given = (...events: FloorPolicyEvent[]) => ({
  when: (c: SetFloorTwoFactorPolicy) => ({
    then: (expected: FloorPolicyEvent[]) => expect(decideFloorPolicy(c, events.reduce(evolveFloorPolicy, initialFloorPolicy()))).toEqual(expected),
    thenRefuses: (kind: string, code: string) =>
      expect(() => decideFloorPolicy(c, events.reduce(evolveFloorPolicy, initialFloorPolicy()))).toThrow(expect.objectContaining({ kind, code })),
  }),
});

describe('floor policy decider', () => {
  it('lets a manager require a second factor of the floor, and stop requiring it', () => {
    given().when(set(true)).then([required]);
    given(required).when(set(false)).then([{ type: 'FloorTwoFactorPolicySet', data: { required: false, by: 1, at: now } }]);
  });
  it('lets nobody else set it', () => {
    given().when(set(true, lead)).thenRefuses('Forbidden', 'two_factor.manager_only');
    given(required).when(set(false, { id: 9, role: 'agent', teamId: null })).thenRefuses('Forbidden', 'two_factor.manager_only');
  });
  it('asks a manager without a second factor to set one up before requiring it', () => {
    given().when(set(true, manager, false)).thenRefuses('RuleViolation', 'two_factor.enable_yourself_first');
    given(required).when(set(false, manager, false)).then([{ type: 'FloorTwoFactorPolicySet', data: { required: false, by: 1, at: now } }]);
  });
  it('changes nothing when it already is so', () => {
    given().when(set(false)).then([]);
    given(required).when(set(true)).then([]);
  });
});
