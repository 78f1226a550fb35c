import { describe, expect, it } from 'vitest';
import { hoursLabel, rulesSummary } from './pool-rules-labels';

describe('pool rules as a person reads them', () => {
  it('says periods in hours, or minutes below an hour', () => {
    expect(hoursLabel(48)).toBe('48 hours');
    expect(hoursLabel(1)).toBe('1 hour');
    expect(hoursLabel(1.5)).toBe('1.5 hours');
    expect(hoursLabel(0.5)).toBe('30 minutes');
    expect(hoursLabel(0.002)).toBe('7 seconds');
  });
  it('describes every rule, and today\'s behaviour when nothing is set', () => {
    expect(rulesSummary({ maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30, distribution: 'first_come', dripPerHour: null })).toEqual({
      cap: 'No cap', autoRelease: 'Off: a lead stays with its holder until released', distribution: 'First come, first served',
      drip: 'Imported leads enter the pool at once',
    });
    expect(rulesSummary({ maxActiveClaims: 5, autoReleaseHours: 48, warnBeforeReleaseMinutes: 60, distribution: 'weighted', dripPerHour: 40 })).toEqual({
      cap: 'Up to 5 active leads per agent', autoRelease: 'After 48 hours without contact, with a warning 60 minutes before',
      distribution: 'Weighted offers', drip: 'Imported leads enter the pool at 40 an hour',
    });
  });
});
