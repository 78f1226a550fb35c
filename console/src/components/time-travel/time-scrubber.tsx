import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { timeTravelRangeQuery } from '../../lib/as-of';
import { cx } from '../../lib/cx';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const MINUTE = 60_000;
/** How long the slider rests before the screen reads that instant (a drag asks once, not per step). */
const SETTLE_MS = 300;

const pad = (n: number) => String(n).padStart(2, '0');
/** `<input type="datetime-local">`'s value for an instant, in the browser's own time zone. */
const localInput = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

type TimeScrubberProps = {
  /** The instant shown (null: live). */
  asOf: string | null;
  onChange: (asOf: string | null) => void;
  className?: string;
};

/**
 * A slider from the floor's first recorded moment to now, and an exact date and time: moving it
 * shows the screen as it was then; the right end is live. Now is the server's, never the
 * browser's clock.
 */
export function TimeScrubber({ asOf, onChange, className }: TimeScrubberProps) {
  const sliderId = useId();
  const exactId = useId();
  const range = useQuery(timeTravelRangeQuery());
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (range.isPending) {
    return <div className={cx('flex items-center gap-2 text-sm text-muted', className)}><Spinner label="Loading the floor's time range" /> Loading the floor's time range</div>;
  }
  if (range.error || !range.data.floorStartedAt) {
    return (
      <p className={cx('text-sm text-muted', className)}>
        {range.error ? 'The floor\'s time range could not be loaded.' : 'Nothing has happened on this floor yet: there is no past to look at.'}
      </p>
    );
  }
  const min = Math.floor(Date.parse(range.data.floorStartedAt) / MINUTE) * MINUTE;
  const max = Math.max(min + MINUTE, Date.parse(range.data.now));
  const shown = draft ?? (asOf ? Math.min(Math.max(Date.parse(asOf), min), max) : max);
  const live = shown >= max;

  const commit = (ms: number) => {
    clearTimeout(timer.current);
    setDraft(null);
    onChange(ms >= max ? null : new Date(ms).toISOString());
  };
  const slide = (ms: number) => {
    setDraft(ms);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(ms), SETTLE_MS);
  };

  return (
    <div className={cx('flex flex-col gap-2 rounded-xl border border-border bg-surface p-4 shadow-xs', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={sliderId} className="flex items-center gap-1.5 text-sm font-medium text-foreground">
          <History aria-hidden className="size-4 text-muted" /> Time travel
        </label>
        <span className="text-sm text-foreground tabular-nums" aria-live="polite">
          {live ? 'Live' : formatDateTime(new Date(shown))}
        </span>
      </div>
      <input
        id={sliderId}
        type="range"
        min={min}
        max={max}
        step={MINUTE}
        value={shown}
        aria-valuetext={live ? 'Live' : formatDateTime(new Date(shown))}
        onChange={(e) => slide(Number(e.target.value))}
        onPointerUp={(e) => commit(Number(e.currentTarget.value))}
        className="w-full cursor-pointer accent-primary"
      />
      <div className="flex justify-between gap-2 text-xs text-muted">
        <span>{formatDateTime(new Date(min))}</span>
        <span>Now</span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={exactId} className="text-xs font-medium text-muted">Go to a date and time</label>
          <input
            id={exactId}
            type="datetime-local"
            min={localInput(min)}
            max={localInput(max)}
            value={localInput(shown)}
            onChange={(e) => {
              const ms = new Date(e.target.value).getTime();
              if (!Number.isNaN(ms)) commit(Math.min(Math.max(ms, min), max));
            }}
            className="h-9 rounded-lg border border-border bg-surface px-2 text-sm text-foreground"
          />
        </div>
        <Button variant="secondary" size="sm" onClick={() => commit(Math.max(min, shown - 3_600_000))}>1 hour back</Button>
        <Button variant="secondary" size="sm" onClick={() => commit(Math.max(min, shown - 86_400_000))}>1 day back</Button>
      </div>
    </div>
  );
}
