import type { User } from '@leadfloor/contracts';
import { CallResultSchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { DEFAULT_CALL_FILTERS, hasActiveCallFilters, type CallFilters } from '../call-filters';
import { RESULT_LABELS } from '../call-labels';

type CallFilterBarProps = {
  filters: CallFilters;
  onChange: (change: (filters: CallFilters) => CallFilters) => void;
  /** The people a manager or team lead may narrow the log to (none for an agent). */
  agents: User[];
};

const dateInput = 'dark:[color-scheme:dark]';

/** The call log's filters: result, status, analysis, a date range and (for managers and team leads) the agent. */
export function CallFilterBar({ filters, onChange, agents }: CallFilterBarProps) {
  const set = <K extends keyof CallFilters>(key: K, value: CallFilters[K]) => onChange((f) => ({ ...f, [key]: value }));
  return (
    <section aria-label="Call filters" className="mb-4 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FormField label="Result">
          {(c) => (
            <Select {...c} value={filters.result} onChange={(e) => set('result', CallResultSchema.safeParse(e.target.value).data ?? 'all')}>
              <option value="all">All results</option>
              {CallResultSchema.options.map((r) => <option key={r} value={r}>{RESULT_LABELS[r]}</option>)}
            </Select>
          )}
        </FormField>
        <FormField label="Status">
          {(c) => (
            <Select {...c} value={filters.status} onChange={(e) => set('status', e.target.value as CallFilters['status'])}>
              <option value="all">All statuses</option>
              <option value="completed">Completed</option>
              <option value="in_progress">In progress</option>
            </Select>
          )}
        </FormField>
        <FormField label="Analysis">
          {(c) => (
            <Select {...c} value={filters.analyzed} onChange={(e) => set('analyzed', e.target.value as CallFilters['analyzed'])}>
              <option value="all">All calls</option>
              <option value="analyzed">Analysed</option>
              <option value="pending">Not analysed</option>
            </Select>
          )}
        </FormField>
        <FormField label="From">
          {(c) => (
            <Input {...c} type="date" className={dateInput} value={filters.from ?? ''} max={filters.to ?? undefined}
              onChange={(e) => set('from', e.target.value || null)} />
          )}
        </FormField>
        <FormField label="To">
          {(c) => (
            <Input {...c} type="date" className={dateInput} value={filters.to ?? ''} min={filters.from ?? undefined}
              onChange={(e) => set('to', e.target.value || null)} />
          )}
        </FormField>
        {agents.length > 0 && (
          <FormField label="Agent">
            {(c) => (
              <Select {...c} value={filters.agent ?? ''} onChange={(e) => set('agent', e.target.value ? Number(e.target.value) : null)}>
                <option value="">Everyone</option>
                {agents.map((a) => <option key={a.id} value={a.id}>{a.fullName}</option>)}
              </Select>
            )}
          </FormField>
        )}
      </div>
      {hasActiveCallFilters(filters) && (
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onChange(() => DEFAULT_CALL_FILTERS)}>Clear filters</Button>
        </div>
      )}
    </section>
  );
}
