import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';

export const controlClasses = cx(
  'w-full rounded-lg border border-border bg-surface px-3 text-sm text-foreground shadow-xs transition-colors',
  'placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
);

/** Text input; pair with FormField for the label, hint and error. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx(controlClasses, 'h-10', className)} {...props} />;
}
