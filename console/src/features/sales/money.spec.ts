import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from '../../lib/dollars';
import { estimateCommissionCents, formatRate } from './money';

describe('formatCents', () => {
  it('shows whole US dollars with grouping and no decimals (spec 9)', () => {
    expect(formatCents(123_456)).toBe('$1,235');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(1_000_000_00)).toBe('$1,000,000');
  });
});

describe('formatRate', () => {
  it('drops trailing zeros and keeps up to two decimals', () => {
    expect(formatRate(3)).toBe('3%');
    expect(formatRate(3.25)).toBe('3.25%');
    expect(formatRate(12.5)).toBe('12.5%');
  });
});

describe('dollarsToCents', () => {
  it('reads plain, grouped, dollar-signed and decimal amounts exactly', () => {
    expect(dollarsToCents('12500')).toBe(1_250_000);
    expect(dollarsToCents(' $12,500.5 ')).toBe(1_250_050);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1,234,567.89')).toBe(123_456_789);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '12,50', '1e5', '12.', '$']) expect(dollarsToCents(bad), bad).toBeNull();
  });
});

describe('estimateCommissionCents', () => {
  it('rounds half up to the cent as the server does', () => {
    // $1,234.56 at 3 %: 3,703.68 cents → 3,704
    expect(estimateCommissionCents(123_456, 3)).toBe(3_704);
    // $1,234.56 at 3.25 %: 4,012.32 cents → 4,012
    expect(estimateCommissionCents(123_456, 3.25)).toBe(4_012);
    expect(estimateCommissionCents(100, 0.5)).toBe(1);
  });
});
