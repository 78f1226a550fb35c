import { describe, expect, it } from 'vitest';
import { endOfLocalDay, localDay } from './local-day';

describe('localDay', () => {
  it('reads a real calendar day as local midnight', () => {
    expect(localDay('2028-02-29')).toEqual(new Date(2028, 1, 29));
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const raw of ['2026-02-29', '2026-04-31', '2026-1-5', '05/01/2026', '', null, undefined]) expect(localDay(raw)).toBeNull();
  });
});

describe('endOfLocalDay', () => {
  it('is the last millisecond of that day, across a month end', () => {
    expect(endOfLocalDay(new Date(2026, 2, 31))).toEqual(new Date(2026, 2, 31, 23, 59, 59, 999));
  });
});
