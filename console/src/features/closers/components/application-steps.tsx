import { Check } from 'lucide-react';
import { cx } from '../../../lib/cx';
import { progressSteps } from '../application-progress';
import type { ApplicationStage } from '../closer-labels';

const DOT = {
  done: { neutral: 'bg-primary text-primary-foreground', success: 'bg-success text-white', destructive: 'bg-destructive text-white', muted: 'bg-muted text-surface' },
  current: 'border-2 border-primary bg-surface',
  upcoming: 'border-2 border-border bg-surface',
} as const;

/** Applied, in review, decided: where an application is, at a glance. */
export function ApplicationSteps({ stage }: { stage: ApplicationStage }) {
  const steps = progressSteps(stage);
  return (
    <ol aria-label="Progress" className="flex items-start">
      {steps.map((step, i) => (
        <li key={step.label} aria-current={step.state === 'current' ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
          <div className="flex w-full items-center">
            <span aria-hidden className={cx('h-0.5 flex-1', i === 0 ? 'bg-transparent' : step.state === 'upcoming' ? 'bg-border' : 'bg-primary')} />
            <span aria-hidden className={cx('flex size-5 shrink-0 items-center justify-center rounded-full', step.state === 'done' ? DOT.done[step.tone] : DOT[step.state])}>
              {step.state === 'done' && <Check className="size-3" strokeWidth={3} />}
            </span>
            <span aria-hidden className={cx('h-0.5 flex-1', i === steps.length - 1 ? 'bg-transparent' : steps[i + 1]!.state === 'upcoming' ? 'bg-border' : 'bg-primary')} />
          </div>
          <span className={cx('text-xs', step.state === 'upcoming' ? 'text-muted' : 'font-medium text-foreground')}>
            {step.label}<span className="sr-only">{step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (current)' : ' (to come)'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
