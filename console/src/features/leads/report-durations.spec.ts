import { describe, expect, it } from 'vitest';
import { durationLabel, rateLabel } from './report-durations';

describe('durationLabel', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(durationLabel(null)).toBe('—');
    expect(durationLabel(44_600)).toBe('45 s');
    expect(durationLabel(12 * 60_000)).toBe('12 min');
    expect(durationLabel((3 * 60 + 20) * 60_000)).toBe('3 h 20 min');
    expect(durationLabel(2 * 3_600_000)).toBe('2 h');
    expect(durationLabel((52 * 60) * 60_000)).toBe('2 d 4 h');
  });
});

describe('rateLabel', () => {
  it('is a whole percentage, or a dash without claims', () => {
    expect(rateLabel(0.4166)).toBe('42%');
    expect(rateLabel(null)).toBe('—');
  });
});
