import { useState } from 'react';
import { cx } from '../../../lib/cx';

type ScoreRangeSliderProps = { value: [number, number]; onCommit: (range: [number, number]) => void };

const thumb = cx(
  'pointer-events-none absolute inset-x-0 top-0 h-5 w-full appearance-none bg-transparent',
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none',
  '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-surface',
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:cursor-pointer',
  '[&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-surface',
);

/**
 * Spec 2.6's lead score range: 0-100, step 1, two thumbs that cannot cross. The filter
 * changes when a thumb is released, not on every pixel of the drag.
 */
export function ScoreRangeSlider({ value, onCommit }: ScoreRangeSliderProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value[0] !== seen[0] || value[1] !== seen[1]) {
    setSeen(value);
    setDraft(value);
  }
  const [min, max] = draft;
  const commit = () => (draft[0] !== value[0] || draft[1] !== value[1]) && onCommit(draft);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-foreground">Lead score</span>
        <span className="text-sm text-muted tabular-nums" aria-hidden>{min} – {max}</span>
      </div>
      <div className="relative h-5" onPointerUp={commit} onKeyUp={commit}>
        <div className="absolute inset-x-0 top-2 h-1 rounded-full bg-surface-muted" />
        <div className="absolute top-2 h-1 rounded-full bg-primary" style={{ left: `${min}%`, right: `${100 - max}%` }} />
        <input
          type="range" min={0} max={100} step={1} value={min} aria-label="Minimum score" className={thumb}
          onChange={(e) => setDraft([Math.min(Number(e.target.value), max), max])}
        />
        <input
          type="range" min={0} max={100} step={1} value={max} aria-label="Maximum score" className={thumb}
          onChange={(e) => setDraft([min, Math.max(Number(e.target.value), min)])}
        />
      </div>
    </div>
  );
}
