import type { Import } from '@leadfloor/contracts';
import { formatCount } from '../../../lib/format-number';
import { percentDone } from '../import-labels';

/** A job's progress bar: `done` of `total` rows (or leads), moved by the import_changed messages. */
export function JobProgress({ label, title, done, total, unit }: { label: string; title: string; done: number; total: number; unit: string }) {
  const pct = percentDone(done, total);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between gap-2 text-sm">
        <span className="font-medium text-foreground">{title}</span>
        <span className="tabular-nums text-muted">{formatCount(done)} of {formatCount(total)} {unit}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        className="h-2.5 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** The run's progress bar: rows processed of the file's rows. */
export function ImportProgress({ imp }: { imp: Import }) {
  const done = imp.status === 'completed' || imp.status === 'undoing' || imp.status === 'undone' ? imp.rows : imp.counts.processed;
  return <JobProgress label="Import progress" title={imp.status === 'running' ? 'Importing...' : 'Imported'} done={done} total={imp.rows} unit="rows" />;
}
