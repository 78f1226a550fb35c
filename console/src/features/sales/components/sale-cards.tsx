import { Link } from 'react-router';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { formatCents } from '../../../lib/dollars';
import { formatRate } from '../money';
import { rateSourceLabel } from '../sale-labels';
import { saleDay } from '../sale-steps';
import { SaleRowActions } from './sale-row-actions';
import { SaleStatus } from './sale-status';
import type { SaleListProps } from './sales-table';

/** The sales on a phone: one card each, the same figures as the table's row. */
export function SaleCards({ sales, showAgent, canAct, onDetails }: SaleListProps) {
  return (
    <ul aria-label="Sales and their commissions, newest first" className="divide-y divide-border">
      {sales.map((sale) => {
        const lead = sale.leadName ?? `Lead #${sale.leadId}`;
        return (
          <li key={sale.id} aria-label={lead} className="flex flex-col gap-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={`/leads/${sale.leadId}`} className="font-medium text-foreground hover:underline">{lead}</Link>
                <p className="text-xs text-muted">
                  {LEAD_TYPE_LABELS[sale.leadType]} · {saleDay(sale.saleDate)}
                  {showAgent && ` · ${sale.userName ?? `User #${sale.userId}`}`}
                </p>
              </div>
              <SaleStatus sale={sale} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div><dt className="text-xs text-muted">Amount</dt><dd className="text-foreground tabular-nums">{formatCents(sale.amountCents)}</dd></div>
              <div>
                <dt className="text-xs text-muted">Rate</dt>
                <dd className="text-foreground tabular-nums">{formatRate(sale.commissionRate)} <span className="text-xs text-muted">{rateSourceLabel(sale.rateSource)}</span></dd>
              </div>
              <div><dt className="text-xs text-muted">Commission</dt><dd className="font-semibold text-foreground tabular-nums">{formatCents(sale.commissionCents)}</dd></div>
            </dl>
            <SaleRowActions sale={sale} canAct={canAct} onDetails={() => onDetails(sale)} />
          </li>
        );
      })}
    </ul>
  );
}
