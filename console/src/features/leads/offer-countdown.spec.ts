import { describe, expect, it } from 'vitest';
import { offerCountdown } from './offer-countdown';

const OFFERED = '2026-03-02T10:00:00.000Z';
const ENDS = '2026-03-02T10:05:00.000Z';

describe('offerCountdown', () => {
  it('counts minutes and seconds down, rounding a started second up', () => {
    expect(offerCountdown(OFFERED, ENDS, new Date(OFFERED))).toEqual({ label: '5:00', spent: 0, over: false });
    expect(offerCountdown(OFFERED, ENDS, new Date('2026-03-02T10:02:29.400Z'))).toMatchObject({ label: '2:31', over: false });
    expect(offerCountdown(OFFERED, ENDS, new Date('2026-03-02T10:04:59.999Z')).label).toBe('0:01');
  });

  it('says how much of the time is gone, and when it is over', () => {
    expect(offerCountdown(OFFERED, ENDS, new Date('2026-03-02T10:02:30.000Z')).spent).toBeCloseTo(0.5);
    expect(offerCountdown(OFFERED, ENDS, new Date('2026-03-02T10:06:00.000Z'))).toEqual({ label: '0:00', spent: 1, over: true });
  });
});
