import { describe, expect, it } from 'vitest';
import { readSaleFilters, writeSaleFilters } from './sale-filters';

describe('sale filters in the address bar', () => {
  it('reads a status and a month, ignoring anything else', () => {
    expect(readSaleFilters(new URLSearchParams('status=approved&month=2026-11'))).toEqual({ status: 'approved', month: '2026-11' });
    expect(readSaleFilters(new URLSearchParams('status=lost&month=November'))).toEqual({ status: null, month: null });
    expect(readSaleFilters(new URLSearchParams(''))).toEqual({ status: null, month: null });
  });
  it('writes them back, dropping cleared ones and keeping other parameters', () => {
    const written = writeSaleFilters(new URLSearchParams('month=2026-10&x=1'), { status: 'paid', month: null });
    expect(written.toString()).toBe('x=1&status=paid');
  });
});
