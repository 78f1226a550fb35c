import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CallResultSchema } from '@leadfloor/contracts';
import { cx } from '../../../lib/cx';
import { RESULT_LABELS } from '../call-labels';

/** How the call ended, as one row of choices (one click, where a select would take two). */
export function ResultChoice({ registration, error, className }: { registration: UseFormRegisterReturn; error?: string; className?: string }) {
  const id = useId();
  return (
    <fieldset className={cx('flex flex-col gap-1.5', className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-foreground">Result</legend>
      <div className="flex flex-wrap gap-1.5">
        {CallResultSchema.options.map((result) => (
          <label key={result} className="relative">
            <input type="radio" value={result} {...registration} aria-invalid={Boolean(error)} className="peer sr-only" />
            <span
              className={cx(
                'inline-flex h-9 cursor-pointer items-center rounded-lg border border-border bg-surface px-3 text-sm font-medium text-foreground transition-colors',
                'hover:bg-surface-muted peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                error && 'border-destructive',
              )}
            >
              {RESULT_LABELS[result]}
            </span>
          </label>
        ))}
      </div>
      {error && <p id={`${id}-error`} className="text-xs font-medium text-destructive-text">{error}</p>}
    </fieldset>
  );
}
