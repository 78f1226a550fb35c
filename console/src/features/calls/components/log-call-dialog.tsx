import { Dialog } from '../../../components/ui/dialog';
import { LogCallForm } from './log-call-form';

/** The Log call dialog (600 px wide at most, as every dialog). */
export function LogCallDialog({ open, onClose, lead }: { open: boolean; onClose: () => void; lead?: { id: number; name: string } }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={lead ? `Log a call with ${lead.name}` : 'Log a call'}
      description="How long it lasted, how it ended and what was said. A call with a transcript is analysed for you."
    >
      <LogCallForm lead={lead} onLogged={onClose} onCancel={onClose} />
    </Dialog>
  );
}
