import type { Import } from '@leadfloor/contracts';
import { formatCount } from '../../../lib/format-number';
import { percentDone } from '../import-labels';

/** The run's progress bar: rows processed of the file's rows, moved by the import_changed messages. */
export function ImportProgress({ imp }: { imp: Import }) {
  const done = imp.status === 'completed' || imp.status === 'undone' ? imp.rows : imp.counts.processed;
  const pct = percentDone(done, imp.rows);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-foreground">{imp.status === 'running' ? 'Importing...' : 'Imported'}</span>
        <span className="tabular-nums text-muted">{formatCount(done)} of {formatCount(imp.rows)} rows</span>
      </div>
      <div role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        className="h-2.5 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
