import { lazy, Suspense } from 'react';
import { PhoneCall } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';

// The dialog, its form and the form library load on first use; hovering or focusing the
// button starts the download, so the lead pool's cards carry only this button.
const loadDialog = () => import('./log-call-dialog');
const LogCallDialog = lazy(() => loadDialog().then((m) => ({ default: m.LogCallDialog })));

type LogCallButtonProps = Pick<ButtonProps, 'size' | 'variant'> & {
  /** The lead the call was with (a lead's card or page); without it, the form asks. */
  lead?: { id: number; name: string };
};

/** 'Log call': opens the Log call dialog. */
export function LogCallButton({ lead, size, variant }: LogCallButtonProps) {
  const { open, used, close, trigger } = useLazyDialog(loadDialog);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        {...trigger}
      >
        <PhoneCall aria-hidden />
        Log call
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LogCallDialog open={open} onClose={close} lead={lead} />
        </Suspense>
      )}
    </>
  );
}
