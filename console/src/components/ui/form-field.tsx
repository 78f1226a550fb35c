import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

type FormFieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Content at the right of the label row (e.g. a 'Forgot your password?' link). */
  aside?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * Label, control, hint and error wired together: the control gets the id, aria-invalid and
 * aria-describedby, so screen readers read the error with the field.
 */
export function FormField({ label, error, hint, aside, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-foreground">{label}</label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && <p id={hintId} className="text-xs text-muted">{hint}</p>}
      {error && <p id={errorId} className="text-xs font-medium text-destructive-text">{error}</p>}
    </div>
  );
}
