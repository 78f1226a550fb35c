import type { ImportCounts as Counts } from '@leadfloor/contracts';
import { formatCount } from '../../../lib/format-number';

const ITEMS = [['created', 'Created'], ['updated', 'Updated'], ['skipped', 'Skipped'], ['failed', 'Failed']] as const;

/** Created, updated, skipped and failed rows, as four small figures. */
export function ImportCounts({ counts }: { counts: Counts }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {ITEMS.map(([key, label]) => (
        <div key={key} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-foreground">{formatCount(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
