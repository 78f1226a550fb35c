import type { Sale } from '@leadfloor/contracts';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** 'Nov 3, 2026'. */
export const saleDay = (at: string): string => dayFormat.format(new Date(at));

/** Where a commission stands and when it got there, latest step first ('Paid Nov 5, 2026', 'Approved Nov 3, 2026'). */
export function saleSteps(sale: Pick<Sale, 'status' | 'approvedAt' | 'paidAt' | 'rejectedAt'>): string[] {
  const steps: string[] = [];
  if (sale.status === 'rejected' && sale.rejectedAt) steps.push(`Rejected ${saleDay(sale.rejectedAt)}`);
  if (sale.paidAt) steps.push(`Paid ${saleDay(sale.paidAt)}`);
  if (sale.approvedAt) steps.push(`Approved ${saleDay(sale.approvedAt)}`);
  return steps.length > 0 ? steps : sale.status === 'pending' ? ['Awaiting approval'] : [];
}
