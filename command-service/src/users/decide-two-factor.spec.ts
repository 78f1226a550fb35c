import type { TwoFactorEvent, UserEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor, UserCommand } from './commands';
import { decideUser } from './decide';
import { evolveUser, initialUserState } from './user';
import { recoveryCodesLeft } from './two-factor';

const now = '2026-03-01T10:00:00.000Z';
const self: UserActor = { id: 7, role: 'agent', teamId: null };
const other: UserActor = { id: 8, role: 'manager', teamId: null };
const registered: UserEvent = { type: 'UserRegistered', data: {
  userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: now } };
const hashes = Array.from({ length: 10 }, (_, i) => `hash-${i}`);
const renewed = Array.from({ length: 10 }, (_, i) => `new-${i}`);
const secretId = '0b4a8e4e-5b1c-4a57-9c7e-2f0c1d3e4a5b';
const enabled: TwoFactorEvent[] = [
  { type: 'TwoFactorEnabled', data: { userId: 7, secretId, step: 100, at: now } },
  { type: 'RecoveryCodesIssued', data: { userId: 7, codeHashes: hashes, at: now } },
];

type Event = UserEvent | TwoFactorEvent;
const stateOf = (events: Event[]) => events.reduce(evolveUser, initialUserState());
const given = (...events: Event[]) => ({
  when: (c: UserCommand) => ({
    then: (expected: Event[]) => expect(decideUser(c, stateOf(events))).toEqual(expected),
    thenRefuses: (kind: string, code: string) => expect(() => decideUser(c, stateOf(events))).toThrow(expect.objectContaining({ kind, code })),
  }),
});

const enable = (actor = self, codeHashes = hashes): UserCommand =>
  ({ type: 'EnableTwoFactor', data: { secretId, step: 100, codeHashes }, meta: { now, actor } });
const signIn = (proof: { step: number } | { codeHash: string }): UserCommand => ({ type: 'SignInWithCode', data: { proof }, meta: { now } });
const disable = (proof: { step: number } | { codeHash: string }, floorRequires = false, actor = self): UserCommand =>
  ({ type: 'DisableTwoFactor', data: { proof }, meta: { now, actor, floorRequires } });

describe('two-factor decider', () => {
  it('turns it on with the confirmed secret and issues ten recovery codes, for the user only', () => {
    given(registered).when(enable()).then(enabled);
    given(registered).when(enable(other)).thenRefuses('Forbidden', 'user.not_self');
  });
  it('refuses to turn it on twice, or with a set of codes that is not ten distinct ones', () => {
    given(registered, ...enabled).when(enable()).thenRefuses('RuleViolation', 'two_factor.already_enabled');
    given(registered).when(enable(self, hashes.slice(0, 9))).thenRefuses('RuleViolation', 'two_factor.recovery_codes_malformed');
    given(registered).when(enable(self, [...hashes.slice(0, 9), 'hash-0'])).thenRefuses('RuleViolation', 'two_factor.recovery_codes_malformed');
  });
  it('accepts an authenticator code of a later step than the last one accepted', () => {
    given(registered, ...enabled).when(signIn({ step: 101 })).then([{ type: 'TwoFactorCodeUsed', data: { userId: 7, step: 101, at: now } }]);
  });
  it('refuses a code of the step already used, or an earlier one (replay)', () => {
    // The code that confirmed the setup cannot sign in.
    given(registered, ...enabled).when(signIn({ step: 100 })).thenRefuses('RuleViolation', 'two_factor.code_used');
    const used: TwoFactorEvent = { type: 'TwoFactorCodeUsed', data: { userId: 7, step: 105, at: now } };
    given(registered, ...enabled, used).when(signIn({ step: 105 })).thenRefuses('RuleViolation', 'two_factor.code_used');
    given(registered, ...enabled, used).when(signIn({ step: 104 })).thenRefuses('RuleViolation', 'two_factor.code_used');
  });
  it('spends a recovery code once', () => {
    const spent: TwoFactorEvent = { type: 'RecoveryCodeUsed', data: { userId: 7, index: 3, at: now } };
    given(registered, ...enabled).when(signIn({ codeHash: 'hash-3' })).then([spent]);
    given(registered, ...enabled, spent).when(signIn({ codeHash: 'hash-3' })).thenRefuses('RuleViolation', 'two_factor.invalid_recovery_code');
    given(registered, ...enabled, spent).when(signIn({ codeHash: 'hash-4' }))
      .then([{ type: 'RecoveryCodeUsed', data: { userId: 7, index: 4, at: now } }]);
    const after = stateOf([registered, ...enabled, spent]);
    expect(after.exists && recoveryCodesLeft(after.twoFactor)).toBe(9);
  });
  it('refuses a recovery code that is not of the current set', () => {
    given(registered, ...enabled).when(signIn({ codeHash: 'nope' })).thenRefuses('RuleViolation', 'two_factor.invalid_recovery_code');
    const renewal: TwoFactorEvent = { type: 'RecoveryCodesIssued', data: { userId: 7, codeHashes: renewed, at: now } };
    given(registered, ...enabled, renewal).when(signIn({ codeHash: 'hash-0' })).thenRefuses('RuleViolation', 'two_factor.invalid_recovery_code');
    given(registered, ...enabled, renewal).when(signIn({ codeHash: 'new-0' }))
      .then([{ type: 'RecoveryCodeUsed', data: { userId: 7, index: 0, at: now } }]);
  });
  it('renews the recovery codes for the user only, and only while it is on', () => {
    const renew = (actor: UserActor): UserCommand => ({ type: 'RegenerateRecoveryCodes', data: { codeHashes: renewed }, meta: { now, actor } });
    given(registered, ...enabled).when(renew(self)).then([{ type: 'RecoveryCodesIssued', data: { userId: 7, codeHashes: renewed, at: now } }]);
    given(registered, ...enabled).when(renew(other)).thenRefuses('Forbidden', 'user.not_self');
    given(registered).when(renew(self)).thenRefuses('RuleViolation', 'two_factor.not_enabled');
  });
  it('turns it off with a fresh code or an unspent recovery code', () => {
    const off: TwoFactorEvent = { type: 'TwoFactorDisabled', data: { userId: 7, at: now } };
    given(registered, ...enabled).when(disable({ step: 101 })).then([off]);
    given(registered, ...enabled).when(disable({ codeHash: 'hash-9' })).then([off]);
    given(registered, ...enabled).when(disable({ step: 100 })).thenRefuses('RuleViolation', 'two_factor.code_used');
    given(registered, ...enabled).when(disable({ codeHash: 'nope' })).thenRefuses('RuleViolation', 'two_factor.invalid_recovery_code');
    given(registered, ...enabled).when(disable({ step: 101 }, false, other)).thenRefuses('Forbidden', 'user.not_self');
    given(registered, ...enabled, off).when(disable({ step: 102 })).thenRefuses('RuleViolation', 'two_factor.not_enabled');
  });
  it('keeps it on while the floor requires it', () => {
    given(registered, ...enabled).when(disable({ step: 101 }, true)).thenRefuses('RuleViolation', 'two_factor.required_by_floor');
  });
  it('forgets the old secret and codes once off: turning it on again starts afresh', () => {
    const off: TwoFactorEvent = { type: 'TwoFactorDisabled', data: { userId: 7, at: now } };
    given(registered, ...enabled, off).when(signIn({ codeHash: 'hash-1' })).thenRefuses('RuleViolation', 'two_factor.not_enabled');
    given(registered, ...enabled, off).when(enable()).then(enabled);
  });
  it('refuses every step for an unknown user', () => {
    given().when(signIn({ step: 1 })).thenRefuses('NotFound', 'user.not_found');
  });
});
