import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { customFieldsQuery } from '../../../lib/custom-fields';
import { formatCount } from '../../../lib/format-number';
import { filterChips } from '../filter-chips';
import type { LeadFilters } from '../lead-filters';
import { LEAD_TYPE_LABELS } from '../lead-labels';

type PoolSummaryProps = {
  filters: LeadFilters;
  onFiltersChange: (change: (filters: LeadFilters) => LeadFilters) => void;
  onClearAll: () => void;
  /** Undefined until the first answer. */
  total: number | undefined;
  typeCounts: Record<string, number> | undefined;
  loading: boolean;
  /** The list could not be read: the error panel below says so, and no count is coming. */
  failed: boolean;
};

/**
 * Spec 2.6's line under the header: active-filter chips with Clear All, '{n} leads found'
 * (with the search text), the per-type count badges and the loading spinner.
 */
export function PoolSummary({ filters, onFiltersChange, onClearAll, total, typeCounts, loading, failed }: PoolSummaryProps) {
  // Custom field chips read their fields' labels (the definitions load only when such a filter is on).
  const fields = useQuery({ ...customFieldsQuery, enabled: filters.customFields.length > 0 }).data ?? [];
  const chips = filterChips(filters, Object.fromEntries(fields.map((f) => [f.name, f.label])));
  const search = filters.search.trim();
  return (
    <div className="flex flex-col gap-3 empty:hidden">
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Active filters">
          {chips.map((chip) => (
            <span key={chip.key} className="inline-flex items-center gap-1 rounded-full border border-border bg-surface py-0.5 pr-1 pl-2.5 text-xs font-medium text-foreground">
              {chip.label}
              <button
                type="button"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => onFiltersChange(chip.without)}
                className="rounded-full p-0.5 text-muted hover:bg-surface-muted hover:text-foreground"
              >
                <X aria-hidden className="size-3" />
              </button>
            </span>
          ))}
          <button type="button" onClick={onClearAll} className="text-xs font-medium text-primary-soft-foreground hover:underline">
            Clear All
          </button>
        </div>
      )}
      {(!failed || typeCounts || loading) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {!failed && (
            <p aria-live="polite" className="text-sm text-muted">
              {total === undefined ? 'Loading leads…' : (
                <>
                  <span className="font-semibold text-foreground">{formatCount(total)}</span> {total === 1 ? 'lead' : 'leads'} found
                  {search && <> for &ldquo;<span className="text-foreground">{search}</span>&rdquo;</>}
                </>
              )}
            </p>
          )}
          {typeCounts && (
            <ul aria-label="Leads by type" className="flex flex-wrap gap-1.5">
              {Object.entries(LEAD_TYPE_LABELS).map(([type, label]) => (
                <li key={type} className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-foreground">
                  {label}
                  <span className="tabular-nums text-muted">{formatCount(typeCounts[type] ?? 0)}</span>
                </li>
              ))}
            </ul>
          )}
          {loading && <Spinner label="Loading leads" className="size-4" />}
        </div>
      )}
    </div>
  );
}
