import { useId, useState, type KeyboardEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../lib/cx';
import { clampScore, scoreBand } from '../score-band';

const STEPS = [-10, -5, 5, 10] as const;
const COMMIT_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

type ScoreEditorProps = { score: number | null; onCommit: (score: number) => void; disabled?: boolean };

/**
 * Spec 2.7's score editing: a 0-100 slider that saves when released (not on every pixel), and
 * quick -10/-5/+5/+10 buttons (minus disabled at 0, plus at 100). Mount it with
 * `key={score}` so a saved or refreshed score resets the draft.
 */
export function ScoreEditor({ score, onCommit, disabled }: ScoreEditorProps) {
  const saved = score ?? 0;
  const id = useId();
  const [draft, setDraft] = useState(saved);
  // An unscored lead has no band: 'Not scored' alone, until the slider is moved.
  const unscored = score === null && draft === 0;
  const band = scoreBand(draft);
  const commit = () => draft !== saved && onCommit(draft);
  const handleKeyUp = (e: KeyboardEvent) => COMMIT_KEYS.has(e.key) && commit();

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-muted">Lead Score</label>
        <span className="flex items-center gap-1.5 text-sm font-semibold text-foreground tabular-nums">
          {unscored ? 'Not scored' : (
            <>
              {draft}
              <Badge tone={band.tone} title={band.meaning}>{band.label}</Badge>
            </>
          )}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={draft}
        disabled={disabled}
        aria-valuetext={unscored ? 'Not scored' : `${draft}, ${band.label}: ${band.meaning}`}
        onChange={(e) => setDraft(clampScore(Number(e.target.value)))}
        onPointerUp={commit}
        onKeyUp={handleKeyUp}
        className="h-2 w-full cursor-pointer accent-primary disabled:cursor-not-allowed"
      />
      <div role="group" aria-label="Adjust score" className="flex flex-wrap gap-1.5">
        {STEPS.map((step) => (
          <button
            key={step}
            type="button"
            disabled={disabled || (step < 0 ? saved <= 0 : saved >= 100)}
            onClick={() => onCommit(clampScore(saved + step))}
            className={cx(
              'h-7 min-w-11 rounded-md border border-border bg-surface px-2 text-xs font-medium text-foreground tabular-nums',
              'hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50',
            )}
          >
            {step > 0 ? `+${step}` : step}
          </button>
        ))}
      </div>
    </div>
  );
}
