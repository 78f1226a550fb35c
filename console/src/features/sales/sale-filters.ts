import { SALE_STATUSES, type SaleStatus } from './sale-labels';
import { isMonth } from './month-range';

/** /commissions' filters, kept in the address bar so a view can be shared and survives a reload. */
export type SaleFilters = { status: SaleStatus | null; month: string | null };

export function readSaleFilters(search: URLSearchParams): SaleFilters {
  const status = search.get('status');
  const month = search.get('month');
  return {
    status: SALE_STATUSES.find((s) => s === status) ?? null,
    month: month && isMonth(month) ? month : null,
  };
}

/** The address bar's query for `filters`, other parameters kept. */
export function writeSaleFilters(search: URLSearchParams, filters: SaleFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['status', 'month'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
