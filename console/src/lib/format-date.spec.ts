import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMonth, formatPreciseDateTime, formatWeekday, isoDay } from './format-date';

describe('date formats', () => {
  const at = new Date(2026, 2, 10, 14, 5, 9);

  it('reads like the product’s other dates', () => {
    expect(formatDateTime(at)).toBe('Mar 10, 2026, 2:05 PM');
    expect(formatPreciseDateTime(at)).toBe('Mar 10, 2026, 2:05:09 PM');
    expect(formatLongDate(at)).toBe('Tuesday, March 10, 2026');
    expect(formatMonth(at)).toBe('March 2026');
    expect(formatWeekday(at)).toBe('Tuesday');
  });

  it('gives the local calendar day of a date', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
