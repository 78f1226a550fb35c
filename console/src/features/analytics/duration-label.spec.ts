import { describe, expect, it } from 'vitest';
import { durationLabel } from './duration-label';

describe('durationLabel', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect([null, 0, 44.6, 90, 3599, 3600, 5400, 86_399, 86_400, 180_000, 1_000_000].map(durationLabel))
      .toEqual(['—', '0s', '45s', '2m', '60m', '1h', '1.5h', '24h', '1d', '2.1d', '12d']);
  });
});
