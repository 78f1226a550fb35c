import { describe, expect, it } from 'vitest';
import { countdown } from './auto-release-countdown';

const now = new Date('2026-03-02T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('the auto-release countdown', () => {
  it('counts hours and minutes while there is time, rounding up to the minute', () => {
    expect(countdown(at((2 * 60 + 14) * 60_000 - 20_000), now)).toEqual({ label: 'in 2 h 14 min', tone: 'neutral', refreshMs: 30_000 });
    expect(countdown(at(3 * 3_600_000), now).label).toBe('in 3 h');
    expect(countdown(at((26 * 60 + 5) * 60_000), now).label).toBe('in 1 d 2 h');
  });
  it('turns urgent in the last hour, and counts seconds in the last ten minutes', () => {
    expect(countdown(at(45 * 60_000), now)).toMatchObject({ label: 'in 45 min', tone: 'warning' });
    expect(countdown(at(4 * 60_000 + 10_000), now)).toEqual({ label: 'in 4 min 10 s', tone: 'danger', refreshMs: 1_000 });
    expect(countdown(at(9_000), now).label).toBe('in 9 s');
  });
  it('says so once it is due', () => {
    expect(countdown(at(0), now)).toMatchObject({ label: 'Returning to the pool now', tone: 'danger' });
    expect(countdown(at(-60_000), now).label).toBe('Returning to the pool now');
  });
});
