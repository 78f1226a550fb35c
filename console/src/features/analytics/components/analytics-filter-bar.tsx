import { useQuery } from '@tanstack/react-query';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { teamsQuery } from '../api/analytics-queries';
import { RANGES, SOURCES, type FilterState } from '../analytics-filters';

/**
 * The filters of lead and funnel analytics: the creation range, and (for managers, who see the
 * floor) a team, then lead type and source. The page keeps them in the address.
 */
export function AnalyticsFilterBar({ state, onChange, showTeams, showSource = true }: {
  state: FilterState; onChange: (next: FilterState) => void; showTeams: boolean; showSource?: boolean;
}) {
  const teams = useQuery({ ...teamsQuery, enabled: showTeams });
  const set = (patch: Partial<FilterState>) => onChange({ ...state, ...patch });
  return (
    <div role="group" aria-label="Filters" className="mb-5 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      <FormField label="Leads created" className="sm:w-44">
        {(c) => (
          <Select {...c} value={state.range} onChange={(e) => set({ range: e.target.value as FilterState['range'] })}>
            {RANGES.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
          </Select>
        )}
      </FormField>
      {showTeams && (
        <FormField label="Team" className="sm:w-44">
          {(c) => (
            <Select {...c} value={state.teamId ?? ''} onChange={(e) => set({ teamId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">Whole floor</option>
              {(teams.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          )}
        </FormField>
      )}
      <FormField label="Lead type" className="sm:w-40">
        {(c) => (
          <Select {...c} value={state.leadType ?? ''} onChange={(e) => set({ leadType: (e.target.value || null) as FilterState['leadType'] })}>
            <option value="">All types</option>
            {Object.entries(LEAD_TYPE_LABELS).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
          </Select>
        )}
      </FormField>
      {showSource && (
        <FormField label="Source" className="sm:w-40">
          {(c) => (
            <Select {...c} value={state.source ?? ''} onChange={(e) => set({ source: (e.target.value || null) as FilterState['source'] })}>
              <option value="">All sources</option>
              {SOURCES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </Select>
          )}
        </FormField>
      )}
    </div>
  );
}
