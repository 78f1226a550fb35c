import { describe, expect, it } from 'vitest';
import { currentMonth, filterMonths, monthSummary, summaryCards, type CommissionsResponse } from './commission-summary';

const bucket = (count: number, amountCents: number, commissionCents: number) => ({ count, amountCents, commissionCents });
const none = bucket(0, 0, 0);
const response: CommissionsResponse = {
  timeZone: 'UTC',
  totals: { pending: bucket(2, 300_000, 9_000), approved: bucket(1, 100_000, 3_000), paid: bucket(4, 800_000, 24_000), rejected: bucket(1, 50_000, 1_500) },
  byMonth: [
    { month: '2026-11', pending: bucket(2, 300_000, 9_000), approved: none, paid: bucket(1, 200_000, 6_000), rejected: bucket(1, 50_000, 1_500) },
    { month: '2026-10', pending: none, approved: bucket(1, 100_000, 3_000), paid: bucket(3, 600_000, 18_000), rejected: none },
  ],
};

describe('commission summary', () => {
  it('gives each status its total and this month’s part, in workflow order', () => {
    const cards = summaryCards(response);
    expect(cards.map((c) => c.status)).toEqual(['pending', 'approved', 'paid', 'rejected']);
    expect(cards[2]).toEqual({ status: 'paid', total: bucket(4, 800_000, 24_000), thisMonth: bucket(1, 200_000, 6_000) });
    expect(cards[1]!.thisMonth).toEqual(none);
  });

  it('sums this month without the rejected sales', () => {
    expect(monthSummary(response)).toEqual({ month: '2026-11', count: 3, amountCents: 500_000, commissionCents: 15_000 });
  });

  it('reads zeros, not made-up figures, when there are no months', () => {
    const empty = { ...response, byMonth: [] };
    expect(currentMonth(empty)).toBeNull();
    expect(summaryCards(empty)[0]!.thisMonth).toEqual(none);
    expect(monthSummary(empty)).toEqual({ month: null, count: 0, amountCents: 0, commissionCents: 0 });
    expect(filterMonths(undefined)).toEqual([]);
    expect(filterMonths(response)).toEqual(['2026-11', '2026-10']);
  });
});
