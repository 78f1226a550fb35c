import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { cx } from '../../../lib/cx';
import { customFieldsQuery } from '../../../lib/custom-fields';
import { DEFAULT_FILTERS, type LeadFilters } from '../lead-filters';
import { LEAD_TYPE_LABELS, PRIORITY_LABELS, STAGE_LABELS, statusLabel } from '../lead-labels';
import { CustomFieldFilters, filterableFields } from './custom-field-filters';
import { DateRangeFilter } from './date-range-filter';
import { ScoreRangeSlider } from './score-range-slider';
import { SearchField } from './search-field';
import { TagFilter } from './tag-filter';

const STATUSES = ['available', 'claimed', 'contacted', 'qualified', 'sold', 'lost'] as const;

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">{label}</label>
      {children(id)}
    </div>
  );
}

type FilterChange = (change: (filters: LeadFilters) => LeadFilters) => void;

/**
 * Spec 2.6's filter panel. Every control writes the shared filter object at once (search after
 * a pause), as a change to the latest filters rather than a copy of the ones it rendered with.
 */
export function FilterPanel({ filters, onChange }: { filters: LeadFilters; onChange: FilterChange }) {
  const set = <K extends keyof LeadFilters>(key: K, value: LeadFilters[K]) => onChange((f) => ({ ...f, [key]: value }));
  const entries = <T extends string>(labels: Record<T, string>) => Object.entries(labels) as [T, string][];
  const fields = useQuery(customFieldsQuery).data ?? [];
  // Another lead type keeps only the custom field conditions its own fields can answer.
  const setType = (typeFilter: LeadFilters['typeFilter']) => onChange((f) => {
    const names = new Set(filterableFields(fields, typeFilter).map((d) => d.name));
    return { ...f, typeFilter, customFields: f.customFields.filter((c) => names.has(c.name)) };
  });
  return (
    <section aria-label="Filters" className="rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5">
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-4">
        <div className="md:col-span-2 xl:col-span-4">
          <SearchField value={filters.search} onCommit={(search) => set('search', search)} />
        </div>
        <Labelled label="Lead Type">
          {(id) => (
            <Select id={id} value={filters.typeFilter} onChange={(e) => setType(e.target.value as LeadFilters['typeFilter'])}>
              <option value="all">All Types</option>
              {entries(LEAD_TYPE_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </Select>
          )}
        </Labelled>
        <Labelled label="Status">
          {(id) => (
            <Select id={id} value={filters.statusFilter} onChange={(e) => set('statusFilter', e.target.value as LeadFilters['statusFilter'])}>
              <option value="all">All Statuses</option>
              {STATUSES.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
            </Select>
          )}
        </Labelled>
        <Labelled label="Priority">
          {(id) => (
            <Select id={id} value={filters.priorityFilter} onChange={(e) => set('priorityFilter', e.target.value as LeadFilters['priorityFilter'])}>
              <option value="all">All Priorities</option>
              {entries(PRIORITY_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </Select>
          )}
        </Labelled>
        <Labelled label="Stage">
          {(id) => (
            <Select id={id} value={filters.stageFilter} onChange={(e) => set('stageFilter', e.target.value as LeadFilters['stageFilter'])}>
              <option value="all">All Stages</option>
              {entries(STAGE_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </Select>
          )}
        </Labelled>

        <fieldset className="flex flex-col gap-2.5">
          <legend className="mb-2 text-sm font-medium text-foreground">Follow-up</legend>
          <label className="flex items-center gap-2 text-sm text-foreground">
            <Checkbox checked={filters.hasFollowUp} onChange={(e) => set('hasFollowUp', e.target.checked)} /> Has follow-up
          </label>
          <label className="flex items-center gap-2 text-sm text-foreground">
            <Checkbox checked={filters.followUpDue} onChange={(e) => set('followUpDue', e.target.checked)} /> Follow-up due
          </label>
          <MyLeadsSwitch checked={filters.showMyLeadsOnly} onChange={(on) => set('showMyLeadsOnly', on)} />
        </fieldset>
        <ScoreRangeSlider value={filters.scoreRange} onCommit={(range) => set('scoreRange', range)} />
        <DateRangeFilter value={filters.dateRange} onChange={(range) => set('dateRange', range)} />
        <TagFilter value={filters.tags} onChange={(tags) => set('tags', tags)} />
        <CustomFieldFilters filters={filters} onChange={onChange} />
      </div>
      <div className="mt-5 flex justify-end border-t border-border pt-4">
        <Button variant="ghost" size="sm" onClick={() => onChange(() => DEFAULT_FILTERS)}>
          <RotateCcw aria-hidden /> Reset All Filters
        </Button>
      </div>
    </section>
  );
}

function MyLeadsSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-1 flex items-center gap-2.5">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={cx('relative h-5 w-9 shrink-0 rounded-full transition-colors', checked ? 'bg-primary' : 'bg-border')}
      >
        <span aria-hidden className={cx('absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform', checked && 'translate-x-4')} />
      </button>
      <label htmlFor={id} className="text-sm text-foreground">Show only my leads</label>
    </div>
  );
}
