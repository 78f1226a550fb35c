import { useId } from 'react';
import { History } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-date';
import type { HistoryMoment } from '../history-moments';

type TimeSliderProps = { moments: HistoryMoment[]; value: number; onChange: (index: number) => void };

const when = (m: HistoryMoment | undefined) => (m ? formatDateTime(m.at) : '');

/**
 * A slider over the instants of the lead's history: moving it shows the lead as it was then
 * (the server rebuilds it from its events). The right end is now.
 */
export function TimeSlider({ moments, value, onChange }: TimeSliderProps) {
  const id = useId();
  const last = moments.length - 1;
  const current = moments[value];
  const lines = current?.entries.map((e) => e.summary) ?? [];
  // One command can write several events at one instant (the timeline lists them all).
  const summary = lines.length > 2 ? `${lines.slice(0, 2).join('; ')} and ${lines.length - 2} more` : lines.join('; ');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-foreground">
          <History aria-hidden className="size-4 text-muted" /> Time travel
        </label>
        <span className="text-xs text-muted tabular-nums">{value === last ? 'Now' : `${value + 1} of ${moments.length}`}</span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={Math.max(0, last)}
        step={1}
        value={value}
        disabled={moments.length < 2}
        aria-valuetext={`${when(current)}${value === last ? ' (now)' : ''}: ${summary}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full cursor-pointer accent-primary disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs text-muted">
        <span>{when(moments[0])}</span>
        <span>Now</span>
      </div>
      <p className="text-sm text-foreground">
        <span className="font-medium">{when(current)}</span>
        {summary && <span className="text-muted"> · {summary}</span>}
      </p>
    </div>
  );
}
