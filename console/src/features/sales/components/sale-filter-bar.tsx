import { Select } from '../../../components/ui/select';
import { cx } from '../../../lib/cx';
import { monthLabel } from '../month-range';
import type { SaleFilters } from '../sale-filters';
import { SALE_STATUSES, SALE_STATUS_LABELS } from '../sale-labels';

type FilterBarProps = { filters: SaleFilters; months: string[]; onChange: (filters: SaleFilters) => void };

/** Status (All, Pending, Approved, Paid, Rejected) and calendar month of the floor. */
export function SaleFilterBar({ filters, months, onChange }: FilterBarProps) {
  const choices = [null, ...SALE_STATUSES] as const;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div role="group" aria-label="Status" className="grid w-full grid-cols-5 gap-1 rounded-lg bg-surface-muted p-1 sm:flex sm:w-auto">
        {choices.map((status) => (
          <button
            key={status ?? 'all'}
            type="button"
            aria-pressed={filters.status === status}
            onClick={() => onChange({ ...filters, status })}
            className={cx(
              'rounded-md px-1 py-1.5 text-xs font-medium transition-colors sm:px-3 sm:text-sm',
              filters.status === status ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground',
            )}
          >
            {status ? SALE_STATUS_LABELS[status] : 'All'}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-foreground">
        Month
        <Select
          value={filters.month ?? ''}
          disabled={months.length === 0}
          onChange={(e) => onChange({ ...filters, month: e.target.value || null })}
          className="w-48"
        >
          <option value="">All months</option>
          {/* A month from a shared link that the totals no longer list still shows as chosen. */}
          {(filters.month && !months.includes(filters.month) ? [filters.month, ...months] : months).map((m) => (
            <option key={m} value={m}>{monthLabel(m)}</option>
          ))}
        </Select>
      </label>
    </div>
  );
}
