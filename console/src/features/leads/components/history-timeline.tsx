import { formatDateTime, formatPreciseDateTime } from '../../../lib/format-date';
import { cx } from '../../../lib/cx';
import type { HistoryMoment } from '../history-moments';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const show = (v: unknown): string => {
  if (v === null || v === undefined) return 'none';
  if (Array.isArray(v)) return v.join(', ') || 'none';
  if (typeof v === 'string' && ISO_INSTANT.test(v)) return formatDateTime(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};
// The holder's change is told by the summary line ('Claimed by …'), with a name rather than an id.
const FIELD_LABELS: Record<string, string> = {
  status: 'Status', stage: 'Stage', priority: 'Priority', score: 'Score', tags: 'Tags', nextFollowUp: 'Follow-up',
};

const changed = (changes: HistoryMoment['entries'][number]['changes']) =>
  Object.entries(changes).filter(([field]) => field in FIELD_LABELS);

type HistoryTimelineProps = {
  moments: HistoryMoment[];
  /** The slider's position: later moments are shown as not having happened yet. */
  selected: number;
  onSelect: (index: number) => void;
};

/** The lead's events, newest first, each with who, when and what changed; any one can be travelled to. */
export function HistoryTimeline({ moments, selected, onSelect }: HistoryTimelineProps) {
  const indexed = moments.map((m, i) => [m, i] as const).reverse();
  return (
    <ol className="relative flex flex-col gap-4 border-l border-border pl-5">
      {indexed.map(([moment, i]) => {
        const future = i > selected;
        return (
          <li key={moment.at} className="relative">
            <span
              aria-hidden
              className={cx(
                'absolute top-1.5 -left-[1.6875rem] size-3 rounded-full border-2 border-surface',
                i === selected ? 'bg-primary ring-2 ring-primary/30' : future ? 'border-border bg-surface ring-1 ring-border' : 'bg-muted',
              )}
            />
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <time dateTime={moment.at} className="text-xs font-medium text-muted">
                {formatPreciseDateTime(moment.at)}
                {future && <span className="ml-1.5 font-normal italic">· later</span>}
              </time>
              <button
                type="button"
                aria-pressed={i === selected}
                onClick={() => onSelect(i)}
                className="text-xs font-medium text-primary-soft-foreground hover:underline aria-pressed:text-foreground aria-pressed:no-underline"
              >
                {i === selected ? 'Viewing' : 'View as of here'}
                <span className="sr-only"> ({formatPreciseDateTime(moment.at)})</span>
              </button>
            </div>
            <ul className="mt-1 flex flex-col gap-1.5">
              {moment.entries.map((e) => (
                <li key={e.version}>
                  <p className={cx('text-sm', future ? 'text-muted' : 'text-foreground')}>
                    {e.summary}
                    <span className="ml-2 rounded bg-surface-muted px-1.5 py-0.5 text-[0.6875rem] font-medium text-muted">v{e.version}</span>
                  </p>
                  {e.actorName && <p className="text-xs text-muted">by {e.actorName}</p>}
                  {changed(e.changes).length > 0 && (
                    <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
                      {changed(e.changes).map(([field, c]) => (
                        <div key={field} className="flex gap-1">
                          <dt>{FIELD_LABELS[field]}:</dt>
                          <dd>{show(c.from)} → {show(c.to)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
