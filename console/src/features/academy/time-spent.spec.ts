import { describe, expect, it } from 'vitest';
import { formatTimeSpent } from './time-spent';

describe('formatTimeSpent', () => {
  it('says minutes and hours as people say them', () => {
    expect(formatTimeSpent(0)).toBe('not yet');
    expect(formatTimeSpent(42)).toBe('under a minute');
    expect(formatTimeSpent(240)).toBe('4 min');
    expect(formatTimeSpent(3600)).toBe('1 h');
    expect(formatTimeSpent(3900 + 59)).toBe('1 h 5 min');
  });
});
