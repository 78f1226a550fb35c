import { lazy, Suspense } from 'react';
import { BadgeDollarSign } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';

// The dialog, its form and the form library load on first use; hovering or focusing the
// button starts the download, so a lead card carries only this button.
const loadDialog = () => import('./record-sale-dialog');
const RecordSaleDialog = lazy(() => loadDialog().then((m) => ({ default: m.RecordSaleDialog })));

/** Leads a sale can close: held and still being worked (sold and lost are done). */
const SELLABLE = new Set<Lead['status']>(['claimed', 'contacted', 'qualified']);

/** The lead card's 'Record Sale', for the agent who holds the lead. */
export function RecordSaleAction({ lead, meId }: { lead: Lead; meId: number | undefined }) {
  const { open, used, close, trigger } = useLazyDialog(loadDialog);
  if (meId === undefined || lead.claimedBy !== meId || !SELLABLE.has(lead.status)) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        {...trigger}
      >
        <BadgeDollarSign aria-hidden />
        Record Sale
      </Button>
      {used && (
        <Suspense fallback={null}>
          <RecordSaleDialog open={open} onClose={close} lead={lead} />
        </Suspense>
      )}
    </>
  );
}
