import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Sale, SaleTraceSchema } from '@leadfloor/contracts';
import { PanelError } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatPreciseDateTime } from '../../../lib/format-date';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { saleDetailQuery, salePeopleQuery } from '../api/sale-queries';
import { formatCents } from '../../../lib/dollars';
import { formatRate } from '../money';
import { SALE_STATUS_LABELS, saleStatusTone } from '../sale-labels';
import { ChangeRateForm } from './change-rate-form';

type Trace = z.infer<typeof SaleTraceSchema>;

/** Where the rate came from, in words: the plan (which one, which version) or a manager. */
function rateOrigin(sale: Sale, trace: Trace): string {
  if (sale.rateSource === 'manager') return 'Set by a manager for this sale';
  const type = LEAD_TYPE_LABELS[sale.leadType];
  return trace.planTeamId === null
    ? `The built-in default rate for ${type} leads (no team plan was set)`
    : `The team plan's rate for ${type} leads, plan version ${trace.planVersion}`;
}

/** A sale's full trace (GET /api/sales/{id}): its figures, where the rate came from, and every step since. */
export function SaleDetailsDialog({ sale, onClose, canAct }: { sale: Sale | null; onClose: () => void; canAct: boolean }) {
  const detail = useQuery({ ...saleDetailQuery(sale?.id ?? 0), enabled: sale !== null });
  const people = useQuery({ ...salePeopleQuery, enabled: sale !== null });
  const nameOf = (id: number | null) => (id === null ? 'LeadFloor' : people.data?.find((u) => u.id === id)?.fullName ?? `User #${id}`);
  const current = detail.data?.sale ?? sale;
  return (
    <Dialog
      open={sale !== null}
      onClose={onClose}
      title={current ? `Sale on ${current.leadName ?? `lead #${current.leadId}`}` : 'Sale'}
      description={current ? `Sale #${current.id}${current.userName ? ` by ${current.userName}` : ''}` : undefined}
    >
      {current && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
            <div><dt className="text-muted">Amount</dt><dd className="font-semibold text-foreground tabular-nums">{formatCents(current.amountCents)}</dd></div>
            <div><dt className="text-muted">Rate</dt><dd className="font-semibold text-foreground tabular-nums">{formatRate(current.commissionRate)}</dd></div>
            <div><dt className="text-muted">Commission</dt><dd className="font-semibold text-foreground tabular-nums">{formatCents(current.commissionCents)}</dd></div>
            <div><dt className="text-muted">Status</dt><dd><Badge tone={saleStatusTone(current.status)}>{SALE_STATUS_LABELS[current.status]}</Badge></dd></div>
          </dl>
          {detail.isPending ? (
            <div className="flex justify-center py-4"><Spinner label="Loading the sale's trace" /></div>
          ) : detail.error ? (
            <PanelError error={detail.error} what="The sale's trace" onRetry={() => detail.refetch()} />
          ) : (
            <>
              <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-muted">
                <span className="font-medium text-foreground">Rate in force: </span>{rateOrigin(current, detail.data.trace)}.
              </p>
              {current.notes && <p className="text-sm whitespace-pre-wrap text-foreground"><span className="font-medium">Notes: </span>{current.notes}</p>}
              <section aria-labelledby="sale-trace-title">
                <h3 id="sale-trace-title" className="text-sm font-semibold text-foreground">History</h3>
                <ol className="mt-2 flex flex-col gap-2 border-l border-border pl-4">
                  {detail.data.trace.history.map((step) => (
                    <li key={step.eventId} className="text-sm">
                      <p className="text-foreground">{step.summary}</p>
                      <p className="text-xs text-muted">{formatPreciseDateTime(step.at)} · {nameOf(step.by)}</p>
                    </li>
                  ))}
                </ol>
              </section>
            </>
          )}
          {canAct && current.status === 'pending' && <ChangeRateForm sale={current} />}
        </div>
      )}
    </Dialog>
  );
}
