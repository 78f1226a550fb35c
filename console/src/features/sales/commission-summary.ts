import type { CommissionsResponseSchema } from '@leadfloor/contracts';
import type { z } from 'zod';
import { SALE_STATUSES, type SaleStatus } from './sale-labels';

export type CommissionsResponse = z.infer<typeof CommissionsResponseSchema>;
type Bucket = CommissionsResponse['totals']['pending'];

export type SummaryCard = {
  status: SaleStatus;
  /** All time (as far as the reader may see). */
  total: Bucket;
  /** The floor's current calendar month. */
  thisMonth: Bucket;
};

const EMPTY: Bucket = { count: 0, amountCents: 0, commissionCents: 0 };

/** The floor's current month ('2026-11'): the server lists months newest first, starting with it. */
export const currentMonth = (r: CommissionsResponse): string | null => r.byMonth[0]?.month ?? null;

/** One card per commission status: its total, and this month's part of it. */
export function summaryCards(r: CommissionsResponse): SummaryCard[] {
  const month = r.byMonth[0];
  return SALE_STATUSES.map((status) => ({ status, total: r.totals[status], thisMonth: month?.[status] ?? EMPTY }));
}

/**
 * This month at a glance: the sales that count (every status but rejected), what they sold
 * and the commission they earn, whether or not it is paid yet.
 */
export function monthSummary(r: CommissionsResponse): Bucket & { month: string | null } {
  const month = r.byMonth[0];
  const counted = SALE_STATUSES.filter((s) => s !== 'rejected').map((s) => month?.[s] ?? EMPTY);
  return {
    month: month?.month ?? null,
    count: counted.reduce((n, b) => n + b.count, 0),
    amountCents: counted.reduce((n, b) => n + b.amountCents, 0),
    commissionCents: counted.reduce((n, b) => n + b.commissionCents, 0),
  };
}

/** The months the filter offers, newest first (those the server totals, with or without sales). */
export const filterMonths = (r: CommissionsResponse | undefined): string[] => (r?.byMonth ?? []).map((m) => m.month);
