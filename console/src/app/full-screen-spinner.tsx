import { Spinner } from '../components/ui/spinner';

/** Spec 2.2: shown while the current user loads, before any screen is chosen. */
export function FullScreenSpinner({ label = 'Loading LeadFloor' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
