import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '../../lib/cx';
import { controlClasses } from './input';

/** A native select: keyboard, screen-reader and mobile pickers come for free. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cx(controlClasses, 'h-10 appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
