import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import type { Sale } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { formatCount } from '../../../lib/format-number';
import { commissionsQuery, saleListQuery, type SaleListParams } from '../api/sale-queries';
import { filterMonths, monthSummary } from '../commission-summary';
import { formatCents } from '../../../lib/dollars';
import { monthLabel, monthRange } from '../month-range';
import { readSaleFilters, writeSaleFilters, type SaleFilters } from '../sale-filters';
import { CommissionPlanCard } from './commission-plan-card';
import { CommissionSummaryCards } from './commission-summary-cards';
import { SaleCards } from './sale-cards';
import { SaleDetailsDialog } from './sale-details-dialog';
import { SaleFilterBar } from './sale-filter-bar';
import { SalesTable } from './sales-table';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * /commissions: totals by status (this month's part on each), the sales behind them with the
 * rate in force, and the commission plan. Agents see their own sales, managers and team leads
 * their teams' (the server decides); managers approve, pay and reject from here.
 */
export function CommissionsPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const filters = readSaleFilters(search);
  const [details, setDetails] = useState<Sale | null>(null);
  const totals = useQuery(commissionsQuery);
  const timeZone = totals.data?.timeZone;
  const params: SaleListParams = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.month && timeZone ? monthRange(filters.month, timeZone) : {}),
  };
  // A month is a range in the floor's time zone, which the totals name: wait for them.
  const sales = useInfiniteQuery({ ...saleListQuery(params), enabled: !filters.month || timeZone !== undefined });
  const rows = (sales.data?.pages ?? []).flat();
  const isAgent = user?.role === 'agent';
  const canAct = user?.role === 'manager';
  const month = totals.data ? monthSummary(totals.data) : null;
  const setFilters = (next: SaleFilters) => setSearch(writeSaleFilters(search, next), { replace: true });
  const filtered = filters.status !== null || filters.month !== null;
  const SaleList = useMediaQuery(MOBILE_QUERY) ? SaleCards : SalesTable;

  return (
    <>
      <PageHeader
        heading="Commissions"
        subheading={isAgent ? 'Your sales, commission rates and payouts' : "Your teams' sales, commission rates and payouts"}
      />
      {month?.month && (
        <p className="mb-4 text-sm text-muted">
          <span className="font-medium text-foreground">{monthLabel(month.month)}</span> so far: {plural(month.count, 'sale', 'sales')},{' '}
          {formatCents(month.amountCents)} sold, <span className="font-medium text-foreground">{formatCents(month.commissionCents)}</span> in commission
          (rejected sales not counted).
        </p>
      )}
      <CommissionSummaryCards data={totals.data} isPending={totals.isPending} isError={totals.isError} />
      <div className="mt-6">
        <CommissionPlanCard />
      </div>

      <Card aria-labelledby="sales-title" className="mt-6 overflow-hidden">
        <CardHeader
          titleId="sales-title"
          title="Sales"
          description={sales.data ? `${plural(rows.length, 'sale', 'sales')}${sales.hasNextPage ? ' shown' : ''}${filtered ? ' matching the filters' : ''}` : 'Newest first'}
        />
        <div className="px-5 pt-4 pb-4">
          <SaleFilterBar filters={filters} months={filterMonths(totals.data)} onChange={setFilters} />
        </div>
        <div className="border-t border-border">
          {sales.isPending ? (
            <div className="p-5"><PanelLoading label="Loading sales" rows={4} /></div>
          ) : sales.error ? (
            <div className="p-5"><PanelError error={sales.error} what="Sales" onRetry={() => sales.refetch()} /></div>
          ) : rows.length === 0 ? (
            <PanelEmpty icon={<Receipt aria-hidden className="size-5" />}>
              {filtered ? 'No sales match these filters.' : 'No sales yet. Record one from a lead you hold, with Record Sale on its card.'}
            </PanelEmpty>
          ) : (
            <>
              <SaleList sales={rows} showAgent={!isAgent} canAct={canAct} onDetails={setDetails} />
              {sales.hasNextPage && (
                <div className="flex justify-center border-t border-border p-3">
                  <Button variant="ghost" disabled={sales.isFetchingNextPage} onClick={() => sales.fetchNextPage()}>
                    {sales.isFetchingNextPage ? 'Loading...' : 'Load more sales'}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </Card>

      <SaleDetailsDialog sale={details} canAct={canAct} onClose={() => setDetails(null)} />
    </>
  );
}
