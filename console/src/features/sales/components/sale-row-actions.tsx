import { useState } from 'react';
import type { Sale } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { leadOf, useCommissionStep } from '../use-commission-step';
import { ConfirmPayDialog } from './confirm-pay-dialog';
import { RejectCommissionDialog } from './reject-commission-dialog';

/**
 * A row's buttons: Details for everyone; for a manager, the next step of a pending or approved
 * commission. Paying is final and rejecting ends the sale's commission, so both ask first.
 */
export function SaleRowActions({ sale, canAct, onDetails }: { sale: Sale; canAct: boolean; onDetails: () => void }) {
  const step = useCommissionStep();
  const [asking, setAsking] = useState<'pay' | 'reject' | null>(null);
  const busy = step.pendingKind !== null;
  const lead = leadOf(sale);
  const open = sale.status === 'pending' || sale.status === 'approved';
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5 md:flex-nowrap">
      {canAct && sale.status === 'pending' && (
        <Button size="sm" disabled={busy} onClick={() => step.run(sale, { kind: 'approve' })}>
          {step.pendingKind === 'approve' ? step.doing : <>Approve<span className="sr-only"> commission on {lead}</span></>}
        </Button>
      )}
      {canAct && sale.status === 'approved' && (
        <Button size="sm" disabled={busy} onClick={() => setAsking('pay')}>
          {step.pendingKind === 'pay' ? step.doing : <>Mark paid<span className="sr-only"> for the commission on {lead}</span></>}
        </Button>
      )}
      {canAct && open && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking('reject')}>
          {step.pendingKind === 'reject' ? step.doing : <>Reject<span className="sr-only"> commission on {lead}</span></>}
        </Button>
      )}
      <Button size="sm" variant="ghost" className="px-2" onClick={onDetails}>
        Details<span className="sr-only"> of the sale on {lead}</span>
      </Button>
      <ConfirmPayDialog
        open={asking === 'pay'}
        sale={sale}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => step.run(sale, { kind: 'pay' }, () => setAsking(null))}
      />
      <RejectCommissionDialog
        open={asking === 'reject'}
        sale={sale}
        busy={busy}
        onClose={() => setAsking(null)}
        onReject={(reason) => step.run(sale, { kind: 'reject', reason }, () => setAsking(null))}
      />
    </div>
  );
}
