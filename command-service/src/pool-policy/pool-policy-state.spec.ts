import {
  autoReleaseTimes, defaultPoolPolicyRules, evolvePoolPolicies, initialPoolPolicies, poolPolicyFor, type HeldLeadClock, type PoolPolicyEvent,
} from '@leadfloor/events';
import { describe, expect, it } from 'vitest';

const t = (h: number) => new Date(Date.UTC(2026, 2, 1, 0, 0) + h * 3_600_000).toISOString();
const set = (at: number, teamId: number | null, rules: Partial<typeof defaultPoolPolicyRules>): PoolPolicyEvent =>
  ({ type: 'PoolPolicySet', data: { teamId, ...defaultPoolPolicyRules, ...rules, by: 1, at: t(at) } });
const fold = (...events: PoolPolicyEvent[]) => events.reduce(evolvePoolPolicies, initialPoolPolicies());
const held = (claimedAt: number, more: Partial<HeldLeadClock> = {}): HeldLeadClock =>
  ({ status: 'claimed', claimedAt: t(claimedAt), lastContactedAt: null, autoReleaseExempt: false, autoReleaseResumedAt: null, ...more });

describe('the pool policy fold', () => {
  it("numbers every change of any scope, and each scope keeps the version that set it", () => {
    const s = fold(set(0, null, { maxActiveClaims: 5 }), set(1, 3, { maxActiveClaims: 2 }), set(2, null, { maxActiveClaims: 6 }));
    expect(s.version).toBe(3);
    expect(poolPolicyFor(s, 3)).toMatchObject({ maxActiveClaims: 2, version: 2, source: 'team', teamId: 3 });
    expect(poolPolicyFor(s, 4)).toMatchObject({ maxActiveClaims: 6, version: 3, source: 'floor', teamId: null });
    expect(poolPolicyFor(s, null)).toMatchObject({ maxActiveClaims: 6, source: 'floor' });
  });

  it('keeps today\'s behaviour before anything is set: no cap, no auto-release, first come', () => {
    expect(poolPolicyFor(initialPoolPolicies(), 3)).toMatchObject({ maxActiveClaims: null, autoReleaseHours: null, distribution: 'first_come', version: 0 });
  });

  it('starts the auto-release period when its length changes, not when another rule does', () => {
    const s = fold(set(0, null, { autoReleaseHours: 24 }), set(5, null, { autoReleaseHours: 24, maxActiveClaims: 3 }));
    expect(s.floor.autoReleaseSince).toBe(t(0));
    expect(fold(set(0, null, { autoReleaseHours: 24 }), set(5, null, { autoReleaseHours: 12 })).floor.autoReleaseSince).toBe(t(5));
  });

  it('starts a team\'s period again when it goes back to a floor with another period', () => {
    const s = fold(set(0, null, { autoReleaseHours: 24 }), set(1, 3, { autoReleaseHours: 48 }),
      { type: 'PoolPolicyOverrideRemoved', data: { teamId: 3, by: 1, at: t(10) } });
    expect(poolPolicyFor(s, 3)).toMatchObject({ autoReleaseHours: 24, autoReleaseSince: t(10), source: 'floor' });
    expect(poolPolicyFor(s, 4).autoReleaseSince).toBe(t(0));
  });
});

describe('auto-release times', () => {
  const policy = { autoReleaseHours: 2, warnBeforeReleaseMinutes: 30, autoReleaseSince: t(0) };
  it('runs from the claim, warning before the release', () => {
    expect(autoReleaseTimes(held(1), policy)).toEqual({ releaseAt: t(3), warnAt: t(2.5) });
  });
  it('runs from the start of the rule for a holding older than it, and from the end of an exemption', () => {
    expect(autoReleaseTimes(held(-5), policy)).toEqual({ releaseAt: t(2), warnAt: t(1.5) });
    expect(autoReleaseTimes(held(1, { autoReleaseResumedAt: t(4) }), policy)).toEqual({ releaseAt: t(6), warnAt: t(5.5) });
  });
  it('never warns before the clock starts, and not at all without a warning', () => {
    expect(autoReleaseTimes(held(1), { ...policy, autoReleaseHours: 0.25 })).toEqual({ releaseAt: t(1.25), warnAt: t(1) });
    expect(autoReleaseTimes(held(1), { ...policy, warnBeforeReleaseMinutes: 0 })).toEqual({ releaseAt: t(3), warnAt: null });
  });
  it('gives none for a lead not just claimed, exempt, contacted, or under no rule', () => {
    expect(autoReleaseTimes(held(1, { status: 'contacted' }), policy)).toBeNull();
    expect(autoReleaseTimes(held(1, { autoReleaseExempt: true }), policy)).toBeNull();
    expect(autoReleaseTimes(held(1, { lastContactedAt: t(1.5) }), policy)).toBeNull();
    expect(autoReleaseTimes(held(1), { ...policy, autoReleaseHours: null })).toBeNull();
  });
});
