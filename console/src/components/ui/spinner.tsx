import { LoaderCircle } from 'lucide-react';
import { cx } from '../../lib/cx';

/** A spinning indicator announced to screen readers by its label. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cx('size-5 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
