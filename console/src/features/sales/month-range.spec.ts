import { describe, expect, it } from 'vitest';
import { isMonth, monthLabel, monthRange } from './month-range';

describe('monthRange', () => {
  it('spans a UTC month from its first instant to its last microsecond', () => {
    expect(monthRange('2026-11', 'UTC')).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T23:59:59.999999Z' });
    expect(monthRange('2026-12', 'UTC')).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2026-12-31T23:59:59.999999Z' });
  });
  it("follows the floor's time zone, daylight saving included", () => {
    // New York keeps EST (UTC-5) on March 1st and EDT (UTC-4) by April 1st.
    expect(monthRange('2026-03', 'America/New_York')).toEqual({ from: '2026-03-01T05:00:00.000Z', to: '2026-04-01T03:59:59.999999Z' });
    expect(monthRange('2026-11', 'Europe/Berlin')).toEqual({ from: '2026-10-31T23:00:00.000Z', to: '2026-11-30T22:59:59.999999Z' });
    expect(monthRange('2026-02', 'Asia/Kolkata').from).toBe('2026-01-31T18:30:00.000Z');
  });
  it('refuses what is not a month', () => {
    expect(() => monthRange('2026-13', 'UTC')).toThrow();
  });
});

describe('monthLabel and isMonth', () => {
  it('names the month and checks the shape', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(isMonth('2026-01')).toBe(true);
    expect(isMonth('2026-1')).toBe(false);
  });
});
