import { useId, useRef, useState } from 'react';
import { startOfToday } from 'date-fns';
import { CalendarClock, ChevronDown, X } from 'lucide-react';
import { Calendar } from '../../../components/ui/calendar';
import { cx } from '../../../lib/cx';
import { FOLLOW_UP_OPTIONS, followUpInDays, followUpLabel, followUpOn } from '../follow-up-dates';

type FollowUpPickerProps = {
  /** The scheduled follow-up (ISO), or null. */
  value: string | null;
  onChange: (at: Date | null) => void;
  disabled?: boolean;
};

/**
 * Spec 2.7's follow-up picker: 'Schedule a follow-up' (or the date: Today, Tomorrow, a long
 * date), a clear button, and a panel of quick options and a calendar. The panel opens in
 * place rather than floating, so it never hides under the next card of a list.
 */
export function FollowUpPicker({ value, onChange, disabled }: FollowUpPickerProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const panelId = useId();
  const now = new Date();

  const choose = (at: Date | null) => {
    setOpen(false);
    button.current?.focus();
    onChange(at);
  };

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <span id={headingId} className="text-xs font-medium text-muted">Follow-up</span>
      <div className="flex items-center gap-1.5">
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
          className={cx(
            'inline-flex h-9 min-w-0 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm shadow-xs hover:bg-surface-muted disabled:opacity-60',
            value ? 'font-medium text-foreground' : 'text-muted',
          )}
        >
          <CalendarClock aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{value ? followUpLabel(value, now) : 'Schedule a follow-up'}</span>
          <ChevronDown aria-hidden className={cx('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
        </button>
        {value && (
          <button
            type="button"
            aria-label="Clear follow-up"
            disabled={disabled}
            onClick={() => choose(null)}
            className="flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-foreground disabled:opacity-60"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      <div
        id={panelId}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }}
        className="w-fit rounded-xl border border-border bg-surface p-3 shadow-sm"
      >
        {open && (
          <div className="flex flex-col gap-3 sm:flex-row">
            <div role="group" aria-label="Quick options" className="grid grid-cols-2 gap-1.5 sm:flex sm:w-32 sm:flex-col">
              {FOLLOW_UP_OPTIONS.map((o) => (
                <button
                  key={o.days}
                  type="button"
                  onClick={() => choose(followUpInDays(o.days, now))}
                  className="rounded-md px-2.5 py-1.5 text-left text-sm text-foreground hover:bg-surface-muted"
                >
                  {o.label}
                </button>
              ))}
            </div>
            <Calendar
              label="Follow-up date"
              selected={value ? new Date(value) : null}
              isDisabled={(day) => day < startOfToday()}
              onSelect={(day) => choose(followUpOn(day, now))}
            />
          </div>
        )}
      </div>
    </div>
  );
}
