import type { Sale } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCents } from '../../../lib/dollars';

type ConfirmPayProps = { open: boolean; sale: Sale; busy: boolean; onClose: () => void; onConfirm: () => void };

/** Paying a commission is final (a paid one can no longer be rejected): asked before it is done. */
export function ConfirmPayDialog({ open, sale, busy, onClose, onConfirm }: ConfirmPayProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Mark commission as paid?"
      description={`${formatCents(sale.commissionCents)} to ${sale.userName ?? 'the agent'} for ${sale.leadName ?? `lead #${sale.leadId}`}. A paid commission is final: it can no longer be rejected.`}
      maxWidth="max-w-[480px]"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button disabled={busy} onClick={onConfirm}>{busy ? 'Paying...' : 'Mark paid'}</Button>
      </div>
    </Dialog>
  );
}
