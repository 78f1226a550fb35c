import type { Lead } from '@leadfloor/contracts';
import { Dialog } from '../../../components/ui/dialog';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { RecordSaleForm } from './record-sale-form';

/** The Record Sale dialog (600 px wide at most, as every dialog). */
export function RecordSaleDialog({ open, onClose, lead }: { open: boolean; onClose: () => void; lead: Lead }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Record a sale for ${lead.name}`}
      description={`${LEAD_TYPE_LABELS[lead.leadType]} lead. The lead becomes sold and the commission waits for a manager's approval.`}
    >
      <RecordSaleForm lead={lead} onRecorded={onClose} onCancel={onClose} />
    </Dialog>
  );
}
