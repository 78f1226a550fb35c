import { Link } from 'react-router';
import type { Sale } from '@leadfloor/contracts';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { formatCents } from '../../../lib/dollars';
import { formatRate } from '../money';
import { rateSourceLabel } from '../sale-labels';
import { saleDay } from '../sale-steps';
import { SaleRowActions } from './sale-row-actions';
import { SaleStatus } from './sale-status';

export type SaleListProps = { sales: Sale[]; showAgent: boolean; canAct: boolean; onDetails: (sale: Sale) => void };

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase';
const td = 'px-3 py-3 align-top first:pl-5 last:pr-5';

/**
 * The sales and their commissions, newest first (from 768 px wide). Each row shows the rate
 * in force and where it came from, so every commission reads as amount × rate; Details opens
 * its full trace.
 */
export function SalesTable({ sales, showAgent, canAct, onDetails }: SaleListProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Sales and their commissions, newest first</caption>
        <thead className="border-b border-border bg-surface-muted/50">
          <tr>
            <th scope="col" className={`${th} pl-5`}>Sale date</th>
            <th scope="col" className={th}>Lead</th>
            {showAgent && <th scope="col" className={th}>Agent</th>}
            <th scope="col" className={`${th} text-right`}>Amount</th>
            <th scope="col" className={th}>Rate</th>
            <th scope="col" className={`${th} text-right`}>Commission</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {sales.map((sale) => (
            <tr key={sale.id} className="hover:bg-surface-muted/40">
              <td className={`${td} whitespace-nowrap text-foreground`}>{saleDay(sale.saleDate)}</td>
              <td className={td}>
                <Link to={`/leads/${sale.leadId}`} className="font-medium whitespace-nowrap text-foreground hover:underline">
                  {sale.leadName ?? `Lead #${sale.leadId}`}
                </Link>
                <p className="text-xs text-muted">{LEAD_TYPE_LABELS[sale.leadType]}</p>
              </td>
              {showAgent && <td className={`${td} whitespace-nowrap text-foreground`}>{sale.userName ?? `User #${sale.userId}`}</td>}
              <td className={`${td} text-right text-foreground tabular-nums`}>{formatCents(sale.amountCents)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <span className="text-foreground tabular-nums">{formatRate(sale.commissionRate)}</span>
                <p className="text-xs text-muted">{rateSourceLabel(sale.rateSource)}</p>
              </td>
              <td className={`${td} text-right font-semibold text-foreground tabular-nums`}>{formatCents(sale.commissionCents)}</td>
              <td className={td}><SaleStatus sale={sale} /></td>
              <td className={`${td} text-right`}>
                <SaleRowActions sale={sale} canAct={canAct} onDetails={() => onDetails(sale)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
