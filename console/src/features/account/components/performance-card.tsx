import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Performance } from '@leadfloor/contracts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatLongDate } from '../../../lib/format-date';
import { formatCount, formatCurrency, formatPercent } from '../../../lib/format-number';

function Figure({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-surface-muted/60 p-3 sm:p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="truncate text-xl font-semibold text-foreground tabular-nums sm:text-2xl">{value}</dd>
      <dd className="text-xs text-muted">{detail}</dd>
    </div>
  );
}

/** This month's work: claims and how many were reached, sales and the commission they earn. */
export function PerformanceCard({ performance: p }: { performance: Performance }) {
  return (
    <Card aria-labelledby="performance-title">
      <CardHeader titleId="performance-title" title="This month" description={`Since ${formatLongDate(p.periodStart)}`} />
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          <Figure label="Leads claimed" value={formatCount(p.claims)} detail="First claims of a lead" />
          <Figure label="Contact rate" value={formatPercent(p.contactRate)} detail={`${formatCount(p.contacted)} of ${formatCount(p.claims)} claims contacted`} />
          <Figure
            label="Sales"
            value={formatCount(p.salesCount)}
            detail={<>{formatCurrency(p.salesAmountCents / 100)} sold · <Link to="/commissions" className="underline-offset-2 hover:underline">Commissions</Link></>}
          />
          <Figure label="Commission" value={formatCurrency(p.commissionCents / 100)} detail="Pending, approved and paid" />
        </dl>
      </CardContent>
    </Card>
  );
}
