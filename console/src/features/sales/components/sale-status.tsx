import type { Sale } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { SALE_STATUS_LABELS, saleStatusTone } from '../sale-labels';
import { saleSteps } from '../sale-steps';

/** Where the commission is now, when it got there, and the reason when it was rejected. */
export function SaleStatus({ sale }: { sale: Sale }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={saleStatusTone(sale.status)}>{SALE_STATUS_LABELS[sale.status]}</Badge>
      {saleSteps(sale).map((step) => <span key={step} className="text-xs text-muted">{step}</span>)}
      {sale.rejectionReason && <span className="max-w-64 text-xs text-destructive-text">Reason: {sale.rejectionReason}</span>}
    </div>
  );
}
