import { useCallback, useId, useRef, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { Calendar } from '../../../components/ui/calendar';
import { cx } from '../../../lib/cx';
import { isoDay } from '../../../lib/format-date';
import { chipDate } from '../filter-chips';
import { localDay } from '../lead-filters';
import { useDismiss } from '../../../lib/use-dismiss';

type DatePickerButtonProps = {
  label: string;
  /** The chosen local day, yyyy-MM-dd. */
  value: string | null;
  onChange: (day: string | null) => void;
  disabled?: boolean;
  isDisabled?: (day: Date) => boolean;
};

/**
 * A date field: a button showing the day (MM/dd/yy) that opens a calendar below it. Never so
 * narrow that 'Pick a date' is cut: two of them side by side wrap onto two lines instead.
 */
export function DatePickerButton({ label, value, onChange, disabled, isDisabled }: DatePickerButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const labelId = useId();
  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, close);

  return (
    <div ref={root} className="relative flex min-w-[8rem] flex-1 flex-col gap-1.5">
      <span id={labelId} className="text-xs font-medium text-muted">{label}</span>
      <button
        ref={button}
        type="button"
        aria-labelledby={`${labelId} ${panelId}-value`}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'flex h-10 w-full items-center gap-2 rounded-lg border border-border bg-surface px-3 text-left text-sm shadow-xs',
          'hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60',
          value ? 'text-foreground' : 'text-muted',
        )}
      >
        <CalendarDays aria-hidden className="size-4 shrink-0 text-muted" />
        <span id={`${panelId}-value`} className="truncate">{value ? chipDate(value) : 'Pick a date'}</span>
      </button>
      <div id={panelId} hidden={!open} className="absolute top-full left-0 z-30 mt-2 rounded-xl border border-border bg-surface p-3 shadow-lg">
        {open && (
          <>
            <Calendar
              label={label}
              selected={localDay(value)}
              isDisabled={isDisabled}
              onSelect={(day) => {
                onChange(isoDay(day));
                close(true);
              }}
            />
            {value && (
              <button
                type="button"
                onClick={() => {
                  onChange(null);
                  close(true);
                }}
                className="mt-2 w-full rounded-md py-1.5 text-sm text-muted hover:bg-surface-muted hover:text-foreground"
              >
                Clear {label.toLowerCase()}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
