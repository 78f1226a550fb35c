import { describe, expect, it } from 'vitest';
import { saleSteps } from './sale-steps';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;
const sale = { status: 'pending' as const, approvedAt: null, paidAt: null, rejectedAt: null };

describe('saleSteps', () => {
  it('says a pending commission awaits approval', () => {
    expect(saleSteps(sale)).toEqual(['Awaiting approval']);
  });
  it('lists the steps taken, latest first', () => {
    expect(saleSteps({ ...sale, status: 'approved', approvedAt: at(3) })).toEqual(['Approved Nov 3, 2026']);
    expect(saleSteps({ ...sale, status: 'paid', approvedAt: at(3), paidAt: at(5) })).toEqual(['Paid Nov 5, 2026', 'Approved Nov 3, 2026']);
  });
  it('puts a rejection first, after an approval too', () => {
    expect(saleSteps({ ...sale, status: 'rejected', approvedAt: at(3), rejectedAt: at(4) })).toEqual(['Rejected Nov 4, 2026', 'Approved Nov 3, 2026']);
  });
});
