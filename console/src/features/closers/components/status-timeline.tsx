import type { Application } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format-date';
import { APPLICATION_STAGE_LABELS, APPLICATION_STAGE_TONES, applicationStage } from '../closer-labels';

/** Every status the application went through, oldest first, with who moved it and the feedback they gave. */
export function StatusTimeline({ application, meId }: { application: Application; meId: number }) {
  const steps = application.timeline;
  return (
    <ol aria-label="Status history" className="flex flex-col">
      {steps.map((step, i) => {
        const stage = applicationStage(step);
        const last = i === steps.length - 1;
        return (
          <li key={`${step.at}-${i}`} className="relative flex gap-3 pb-5 last:pb-0">
            {!last && <span aria-hidden className="absolute top-4 bottom-0 left-[0.4375rem] w-0.5 bg-border" />}
            <span aria-hidden className={cx('relative mt-1 size-4 shrink-0 rounded-full border-2', last ? 'border-primary bg-primary' : 'border-border bg-surface')} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={APPLICATION_STAGE_TONES[stage]}>{i === 0 && stage === 'pending' ? 'Applied' : APPLICATION_STAGE_LABELS[stage]}</Badge>
                <span className="text-muted">by {step.byUserId === meId ? 'you' : step.byName}</span>
              </p>
              <time dateTime={step.at} className="mt-0.5 block text-xs text-muted">{formatDateTime(step.at)}</time>
              {step.feedback && <p className="mt-1.5 rounded-lg bg-surface-muted px-3 py-2 text-sm whitespace-pre-line break-words text-foreground">{step.feedback}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
