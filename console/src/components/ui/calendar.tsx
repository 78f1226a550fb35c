import { useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays, addMonths, eachDayOfInterval, endOfMonth, endOfWeek, isSameDay, isSameMonth, isToday, startOfMonth, startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from '../../lib/cx';
import { formatLongDate, formatMonth, formatWeekday, isoDay } from '../../lib/format-date';

type CalendarProps = {
  /** The chosen day, highlighted and focused first. */
  selected: Date | null;
  onSelect: (day: Date) => void;
  /** Days that cannot be chosen (e.g. before the start date). */
  isDisabled?: (day: Date) => boolean;
  /** Names the grid for screen readers, e.g. 'Follow-up date'. */
  label: string;
  className?: string;
};

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month grid of day buttons. One day is in the tab order (the chosen day, else today); the
 * arrow keys move between days and across months, PageUp/PageDown change month, Enter picks.
 */
export function Calendar({ selected, onSelect, isDisabled, label, className }: CalendarProps) {
  const [focused, setFocused] = useState<Date>(() => selected ?? new Date());
  const grid = useRef<HTMLTableElement>(null);
  const month = startOfMonth(focused);
  const days = eachDayOfInterval({ start: startOfWeek(month), end: endOfWeek(endOfMonth(month)) });
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));

  const moveFocus = (day: Date) => {
    setFocused(day);
    // The button for `day` exists after this render; focus it then.
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${isoDay(day)}"]`)?.focus());
  };

  const handleKeyDown = (e: KeyboardEvent) => {
    const step = KEY_STEPS[e.key];
    let next: Date | null = step === undefined ? null : addDays(focused, step);
    if (e.key === 'PageUp') next = addMonths(focused, -1);
    if (e.key === 'PageDown') next = addMonths(focused, 1);
    if (e.key === 'Home') next = startOfWeek(focused);
    if (e.key === 'End') next = endOfWeek(focused);
    if (!next) return;
    e.preventDefault();
    moveFocus(next);
  };

  const navButton = 'flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-foreground';
  return (
    <div className={cx('w-[17.5rem] select-none', className)}>
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className={navButton} aria-label="Previous month" onClick={() => setFocused(addMonths(focused, -1))}>
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <p aria-live="polite" className="text-sm font-semibold text-foreground">{formatMonth(month)}</p>
        <button type="button" className={navButton} aria-label="Next month" onClick={() => setFocused(addMonths(focused, 1))}>
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={`${label}, ${formatMonth(month)}`} className="w-full border-collapse" onKeyDown={handleKeyDown}>
        <thead>
          <tr>
            {weeks[0]?.map((d) => (
              <th key={d.toISOString()} scope="col" abbr={formatWeekday(d)} className="pb-1 text-center text-xs font-medium text-muted">
                {formatWeekday(d).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                const chosen = selected !== null && isSameDay(day, selected);
                const disabled = isDisabled?.(day) ?? false;
                return (
                  <td key={day.toISOString()} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-day={isoDay(day)}
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      disabled={disabled}
                      aria-pressed={chosen}
                      aria-current={isToday(day) ? 'date' : undefined}
                      aria-label={formatLongDate(day)}
                      onClick={() => {
                        setFocused(day);
                        onSelect(day);
                      }}
                      className={cx(
                        'size-9 rounded-md text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-35',
                        chosen ? 'bg-primary font-semibold text-primary-foreground' : 'hover:bg-surface-muted',
                        !chosen && (isSameMonth(day, month) ? 'text-foreground' : 'text-muted'),
                        !chosen && isToday(day) && 'font-semibold text-primary-soft-foreground ring-1 ring-primary/50',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
