import { lazy, Suspense } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useReadOnly } from '../../../lib/read-only';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';

// The dialog and its form (dialog library, form library) load on first use, not with the
// dashboard; hovering or focusing the button starts the download so opening feels instant.
const loadDialog = () => import('./add-lead-dialog-panel');
const AddLeadDialogPanel = lazy(() => loadDialog().then((m) => ({ default: m.AddLeadDialogPanel })));

/**
 * Spec 2.5: 'New Lead' (desktop) / 'Add' (mobile) opens the Add New Lead dialog. The lead
 * pool names its button 'Add Lead' (spec 2.6) through `label`.
 */
export function AddLeadDialog({ label, variant }: { label?: string; variant?: 'primary' | 'secondary' }) {
  const { open, used, close, trigger } = useLazyDialog(loadDialog);
  // No new lead in the past (time travel): the button stays, disabled, saying why.
  const readOnly = useReadOnly();
  return (
    <>
      <Button
        variant={variant}
        {...trigger}
        disabled={readOnly !== null}
        title={readOnly ?? undefined}
      >
        <Plus aria-hidden />
        {label ?? (
          <>
            <span className="hidden md:inline">New Lead</span>
            <span className="md:hidden">Add</span>
          </>
        )}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <AddLeadDialogPanel open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
