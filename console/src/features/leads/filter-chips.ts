import { DEFAULT_FILTERS, type DateField, type LeadFilters } from './lead-filters';
import { LEAD_TYPE_LABELS, PRIORITY_LABELS, STAGE_LABELS, statusLabel } from './lead-labels';

export type FilterChip = { key: string; label: string; without: (f: LeadFilters) => LeadFilters };

export const DATE_FIELD_LABELS: Record<DateField, string> = {
  createdAt: 'Created', nextFollowUp: 'Next follow-up', lastContactedAt: 'Last contact',
};

/** Spec 2.6's date chip format, MM/dd/yy, from a 'yyyy-MM-dd' day (string work: no date library on first load). */
export const chipDate = (day: string): string => {
  const [y = '', m = '', d = ''] = day.split('-');
  return `${m}/${d}/${y.slice(-2)}`;
};

const OP_TEXT = { '=': ':', '~': ' contains', '>=': ' ≥', '<=': ' ≤' } as const;

/**
 * One removable chip per active filter (each tag and custom field condition its own chip), in
 * the filter panel's order. `fieldLabels`: custom field labels by name (the name when unknown).
 */
export function filterChips(f: LeadFilters, fieldLabels: Record<string, string> = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, without: FilterChip['without']) => chips.push({ key, label, without });
  if (f.search.trim()) add('search', `Search: ${f.search.trim()}`, (x) => ({ ...x, search: '' }));
  if (f.typeFilter !== 'all') add('type', `Type: ${LEAD_TYPE_LABELS[f.typeFilter]}`, (x) => ({ ...x, typeFilter: 'all' }));
  if (f.statusFilter !== 'all') add('status', `Status: ${statusLabel(f.statusFilter)}`, (x) => ({ ...x, statusFilter: 'all' }));
  if (f.priorityFilter !== 'all') add('priority', `Priority: ${PRIORITY_LABELS[f.priorityFilter]}`, (x) => ({ ...x, priorityFilter: 'all' }));
  if (f.stageFilter !== 'all') add('stage', `Stage: ${STAGE_LABELS[f.stageFilter]}`, (x) => ({ ...x, stageFilter: 'all' }));
  if (f.hasFollowUp) add('hasFollowUp', 'Has follow-up', (x) => ({ ...x, hasFollowUp: false }));
  if (f.followUpDue) add('followUpDue', 'Follow-up due', (x) => ({ ...x, followUpDue: false }));
  if (f.showMyLeadsOnly) add('mine', 'My leads only', (x) => ({ ...x, showMyLeadsOnly: false }));
  const [min, max] = f.scoreRange;
  if (min > 0 || max < 100) add('score', `Score: ${min}–${max}`, (x) => ({ ...x, scoreRange: DEFAULT_FILTERS.scoreRange }));
  for (const tag of f.tags) add(`tag:${tag}`, `Tag: ${tag}`, (x) => ({ ...x, tags: x.tags.filter((t) => t !== tag) }));
  const { field, startDate, endDate } = f.dateRange;
  if (field && (startDate || endDate)) {
    const range = startDate && endDate
      ? `${chipDate(startDate)} – ${chipDate(endDate)}`
      : startDate ? `from ${chipDate(startDate)}` : `until ${chipDate(endDate!)}`;
    add('date', `${DATE_FIELD_LABELS[field]}: ${range}`, (x) => ({ ...x, dateRange: DEFAULT_FILTERS.dateRange }));
  }
  for (const c of f.customFields) {
    add(`custom:${c.name}${c.op}${c.value}`, `${fieldLabels[c.name] ?? c.name}${OP_TEXT[c.op]} ${c.value}`,
      (x) => ({ ...x, customFields: x.customFields.filter((y) => y.name !== c.name || y.op !== c.op || y.value !== c.value) }));
  }
  return chips;
}
