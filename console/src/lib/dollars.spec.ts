import { describe, expect, it } from 'vitest';
import { centsToDollarText, dollarsToCents, formatCents } from './dollars';

describe('dollars and cents', () => {
  it('reads typed dollars as integer cents, commas and a $ allowed', () => {
    expect(['25000', '25,000', '$25,000.5', '0.29', '1,234,567.89'].map(dollarsToCents)).toEqual([2_500_000, 2_500_000, 2_500_050, 29, 123_456_789]);
  });
  it('refuses what is not an amount', () => {
    expect(['', 'abc', '1,23', '12.345', '-5'].map(dollarsToCents)).toEqual([null, null, null, null, null]);
  });
  it('writes cents back as a person types them, and shows them as whole dollars', () => {
    expect([centsToDollarText(2_500_000), centsToDollarText(2_500_050), centsToDollarText(2_500_005)]).toEqual(['25000', '25000.5', '25000.05']);
    expect(formatCents(123_456)).toBe('$1,235');
  });
});
