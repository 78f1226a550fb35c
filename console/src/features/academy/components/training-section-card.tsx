import { CheckCircle2, ChevronDown, Circle, ExternalLink } from 'lucide-react';
import type { SectionState, TrainingView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { formatTimeSpent } from '../time-spent';

type Props = {
  index: number; state: SectionState; content: TrainingView['content']; open: boolean; busy: boolean;
  onToggle(): void; onComplete(completed: boolean): void;
};

/** One section of a training: its heading (number, title, done, time read) opens it; only the open one is read and timed. */
export function TrainingSectionCard({ index, state, content, open, busy, onToggle, onComplete }: Props) {
  const bodyId = `section-${state.section}`;
  return (
    <li>
      <Card className={cx(open && 'ring-2 ring-primary/30')}>
        <h2>
          <button
            type="button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}
            className="flex w-full items-center gap-3 px-4 py-3 text-left sm:px-5"
          >
            {state.completed
              ? <CheckCircle2 aria-label="Completed" className="size-5 shrink-0 text-success" />
              : <Circle aria-label="Not completed" className="size-5 shrink-0 text-muted" />}
            <span className="min-w-0 flex-1">
              <span className="block text-base font-semibold text-foreground">{index + 1}. {state.title}</span>
              <span className="block text-xs text-muted">Time read: {formatTimeSpent(state.secondsSpent)}</span>
            </span>
            <ChevronDown aria-hidden className={cx('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')} />
          </button>
        </h2>
        {open && (
          <div id={bodyId} className="border-t border-border px-4 py-4 sm:px-5">
            {state.section === 'pitchDeck' ? (
              <a
                href={content.pitchDeckUrl ?? undefined} target="_blank" rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-soft-foreground hover:underline"
              >
                Open the pitch deck <ExternalLink aria-hidden className="size-4" />
              </a>
            ) : (
              <div className="text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">{content[state.section]}</div>
            )}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button size="sm" variant={state.completed ? 'secondary' : 'primary'} disabled={busy} onClick={() => onComplete(!state.completed)}>
                {state.completed ? 'Mark as not done' : 'Mark as done'}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </li>
  );
}
