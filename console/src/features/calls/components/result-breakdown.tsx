import type { CallTrends } from '../call-trends';
import { cx } from '../../../lib/cx';
import { RESULT_LABELS } from '../call-labels';

const COLOURS = {
  connected: 'bg-success', voicemail: 'bg-primary', no_answer: 'bg-muted', busy: 'bg-warning-soft-foreground', wrong_number: 'bg-destructive',
} as const;

/** How the period's calls ended: one bar split by result, and each result's count and share written out. */
export function ResultBreakdown({ results }: { results: CallTrends['results'] }) {
  const entries = (Object.keys(COLOURS) as (keyof typeof COLOURS)[]).map((r) => ({ result: r, count: results[r] ?? 0 }));
  const total = entries.reduce((n, e) => n + e.count, 0);
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return (
    <div className="flex flex-col gap-4">
      <div aria-hidden className="flex h-3 overflow-hidden rounded-full bg-surface-muted">
        {entries.map((e) => e.count > 0 && (
          <span key={e.result} className={cx('h-full', COLOURS[e.result])} style={{ width: `${(e.count / total) * 100}%` }} />
        ))}
      </div>
      <ul className="flex flex-col gap-2">
        {entries.map((e) => (
          <li key={e.result} className="flex items-center gap-2 text-sm">
            <span aria-hidden className={cx('size-2.5 shrink-0 rounded-sm', COLOURS[e.result])} />
            <span className="flex-1 text-foreground">{RESULT_LABELS[e.result]}</span>
            <span className="text-muted tabular-nums">{e.count} · {share(e.count)}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
