import { describe, expect, it } from 'vitest';
import { barShare, readPeriod } from './tv-period';

describe('readPeriod', () => {
  it('reads week, month or all from the address bar, the month otherwise', () => {
    expect(readPeriod(new URLSearchParams('period=week'))).toBe('week');
    expect(readPeriod(new URLSearchParams('period=all'))).toBe('all');
    expect(readPeriod(new URLSearchParams('period=year'))).toBe('month');
    expect(readPeriod(new URLSearchParams(''))).toBe('month');
  });
});

describe('barShare', () => {
  it("measures a team against the leader's points", () => {
    expect(barShare(1_200, 1_200)).toBe(100);
    expect(barShare(300, 1_200)).toBe(25);
    expect(barShare(1, 3)).toBe(33);
  });
  it('shows no bar for no points, and none at all on an empty board', () => {
    expect(barShare(0, 1_200)).toBe(0);
    expect(barShare(-20, 1_200)).toBe(0);
    expect(barShare(0, 0)).toBe(0);
  });
});
