import { Dialog } from '../../../components/ui/dialog';
import { AddLeadForm } from './add-lead-form';

/** The Add New Lead dialog itself (spec 2.5: these texts, 600 px wide at most). */
export function AddLeadDialogPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add New Lead" description="Enter the details for the new lead below" maxWidth="max-w-[600px]">
      <AddLeadForm onCreated={onClose} onCancel={onClose} />
    </Dialog>
  );
}
