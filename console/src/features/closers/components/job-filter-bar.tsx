import { Search } from 'lucide-react';
import { JobSortSchema, JobTypeSchema, jobTypeLabels } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { DEFAULT_JOB_FILTERS, hasActiveJobFilters, JOB_SORT_LABELS, type JobFilters } from '../job-filters';
import { DebouncedInput } from '../../../components/debounced-input';

type JobFilterBarProps = { filters: JobFilters; onChange: (change: (filters: JobFilters) => JobFilters) => void };

/** The board's search, type, location and commission floor, and its order; all kept in the address bar. */
export function JobFilterBar({ filters, onChange }: JobFilterBarProps) {
  const set = <K extends keyof JobFilters>(key: K, value: JobFilters[K]) => onChange((f) => ({ ...f, [key]: value }));
  return (
    <section aria-label="Job filters" className="mb-4 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_1.4fr]">
        <FormField label="Search">
          {(c) => (
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
              <DebouncedInput {...c} type="search" placeholder="Title, company, product, skills..." className="pl-9"
                value={filters.search} onCommit={(v) => set('search', v)} maxLength={200} />
            </div>
          )}
        </FormField>
        <FormField label="Type">
          {(c) => (
            <Select {...c} value={filters.type} onChange={(e) => set('type', JobTypeSchema.safeParse(e.target.value).data ?? 'all')}>
              <option value="all">All types</option>
              {JobTypeSchema.options.map((t) => <option key={t} value={t}>{jobTypeLabels[t]}</option>)}
            </Select>
          )}
        </FormField>
        <FormField label="Location">
          {(c) => <DebouncedInput {...c} placeholder="City, state or Remote" value={filters.location} onCommit={(v) => set('location', v)} maxLength={200} />}
        </FormField>
        <FormField label="Min. commission">
          {(c) => (
            <div className="relative">
              <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted">$</span>
              <DebouncedInput {...c} type="number" min={0} step="any" inputMode="decimal" placeholder="Any, per close" className="pl-7"
                value={filters.minCommission} onCommit={(v) => set('minCommission', v)} />
            </div>
          )}
        </FormField>
        <FormField label="Sort by">
          {(c) => (
            <Select {...c} value={filters.sort} onChange={(e) => set('sort', JobSortSchema.safeParse(e.target.value).data ?? 'newest')}>
              {JobSortSchema.options.map((s) => <option key={s} value={s}>{JOB_SORT_LABELS[s]}</option>)}
            </Select>
          )}
        </FormField>
      </div>
      {hasActiveJobFilters(filters) && (
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onChange((f) => ({ ...DEFAULT_JOB_FILTERS, sort: f.sort }))}>Clear filters</Button>
        </div>
      )}
    </section>
  );
}
