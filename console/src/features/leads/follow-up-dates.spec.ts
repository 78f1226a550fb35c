import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_OPTIONS, followUpInDays, followUpLabel, followUpOn } from './follow-up-dates';

const now = new Date(2026, 2, 10, 14, 30, 12);

describe('follow-up dates (spec 2.7)', () => {
  it('offers the six quick options', () => {
    expect(FOLLOW_UP_OPTIONS.map((o) => [o.label, o.days])).toEqual([
      ['Today', 0], ['Tomorrow', 1], ['In 3 days', 3], ['In 1 week', 7], ['In 2 weeks', 14], ['In 1 month', 30],
    ]);
  });

  it('labels today and tomorrow by name and other days by their long date', () => {
    expect(followUpLabel(new Date(2026, 2, 10, 23, 59), now)).toBe('Today');
    expect(followUpLabel(new Date(2026, 2, 11, 0, 1), now)).toBe('Tomorrow');
    expect(followUpLabel(new Date(2026, 2, 17, 9, 0), now)).toBe('Tuesday, March 17, 2026');
    expect(followUpLabel(new Date(2026, 2, 9, 9, 0), now)).toBe('Monday, March 9, 2026');
  });

  it('reads ISO strings and gives nothing for an unreadable one', () => {
    expect(followUpLabel(new Date(2026, 2, 11, 10).toISOString(), now)).toBe('Tomorrow');
    expect(followUpLabel('soon', now)).toBe('');
  });

  it('keeps the time of day when picking a day', () => {
    expect(followUpOn(new Date(2026, 3, 1), now)).toEqual(new Date(2026, 3, 1, 14, 30));
    expect(followUpInDays(7, now)).toEqual(new Date(2026, 2, 17, 14, 30));
  });
});
