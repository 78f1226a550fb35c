import { cx } from '../../../lib/cx';

type OptionButtonsProps<T extends string> = {
  /** Names the group, e.g. 'Stage'. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
};

/**
 * A row of toggle buttons for one of a lead's fields (status, stage, priority): the current
 * value is pressed; choosing it again changes nothing.
 */
export function OptionButtons<T extends string>({ label, options, value, onChange, disabled }: OptionButtonsProps<T>) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-medium text-muted">{label}</span>
      <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
        {options.map((o) => {
          const current = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={current}
              disabled={disabled}
              onClick={() => !current && onChange(o.value)}
              className={cx(
                'h-8 rounded-md border px-2.5 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                current
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-surface text-foreground hover:bg-surface-muted',
              )}
            >
              {o.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
