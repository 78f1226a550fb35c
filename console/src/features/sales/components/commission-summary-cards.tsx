import { CircleCheck, CircleX, Clock, Wallet, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format-number';
import { summaryCards, type CommissionsResponse } from '../commission-summary';
import { formatCents } from '../../../lib/dollars';
import { SALE_STATUS_LABELS, type SaleStatus } from '../sale-labels';

const LOOKS: Record<SaleStatus, { icon: LucideIcon; tint: string }> = {
  pending: { icon: Clock, tint: 'bg-warning-soft text-warning-soft-foreground' },
  approved: { icon: CircleCheck, tint: 'bg-primary-soft text-primary-soft-foreground' },
  paid: { icon: Wallet, tint: 'bg-success-soft text-success-soft-foreground' },
  rejected: { icon: CircleX, tint: 'bg-destructive-soft text-destructive-soft-foreground' },
};
const sales = (n: number) => `${formatCount(n)} ${n === 1 ? 'sale' : 'sales'}`;

/** One card per commission status: the commission in it, how many sales and how much they sold, and this month's part. */
export function CommissionSummaryCards({ data, isPending, isError }: { data: CommissionsResponse | undefined; isPending: boolean; isError: boolean }) {
  const cards = data ? summaryCards(data) : null;
  return (
    <ul aria-label="Commission totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {(['pending', 'approved', 'paid', 'rejected'] as const).map((status, index) => {
        const card = cards?.[index];
        const { icon: Icon, tint } = LOOKS[status];
        return (
          <li key={status} aria-label={SALE_STATUS_LABELS[status]}>
            <Card className="h-full p-4 sm:p-5">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-muted">{SALE_STATUS_LABELS[status]}</p>
                  {isPending ? (
                    <div aria-hidden className="mt-2 h-8 w-24 animate-pulse rounded bg-surface-muted" />
                  ) : (
                    <p className="mt-1.5 text-xl font-semibold tracking-tight text-foreground tabular-nums sm:text-3xl">
                      {isError || !card ? <span title="Could not be loaded">—</span> : formatCents(card.total.commissionCents)}
                    </p>
                  )}
                </div>
                <span className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:flex ${tint}`}>
                  <Icon aria-hidden className="size-5" />
                </span>
              </div>
              {card && (
                <div className="mt-3 flex flex-col gap-0.5 text-xs text-muted sm:text-sm">
                  <p>{sales(card.total.count)} · {formatCents(card.total.amountCents)} sold</p>
                  <p>This month: <span className="font-medium text-foreground">{formatCents(card.thisMonth.commissionCents)}</span> ({sales(card.thisMonth.count)})</p>
                </div>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
