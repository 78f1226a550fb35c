import type { AnalyticsFilters } from '@leadfloor/contracts';
import type { LeadSource, LeadType } from '@leadfloor/events';

/** The date ranges offered: rolling windows back from today, or all time. */
export const RANGES = [
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '12w', label: 'Last 12 weeks', days: 84 },
  { id: '6m', label: 'Last 6 months', days: 182 },
  { id: '1y', label: 'Last 12 months', days: 365 },
  { id: 'all', label: 'All time', days: null },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];
export const DEFAULT_RANGE: RangeId = '12w';

export const SOURCES: { value: LeadSource | 'none'; label: string }[] = [
  { value: 'website', label: 'Website' }, { value: 'referral', label: 'Referral' }, { value: 'advertisement', label: 'Advertisement' },
  { value: 'cold_call', label: 'Cold call' }, { value: 'social_media', label: 'Social media' }, { value: 'other', label: 'Other' },
  { value: 'none', label: 'No source' },
];
export const sourceLabel = (s: string | null) => SOURCES.find((o) => o.value === (s ?? 'none'))?.label ?? s ?? 'No source';

/** What the filter bar shows, as kept in the address (so a view can be shared). */
export type FilterState = { range: RangeId; teamId: number | null; leadType: LeadType | null; source: LeadSource | 'none' | null };

const TYPES = new Set<string>(['real_estate', 'finance', 'forex']);
const positiveInt = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** Reads the filters from the address; anything unknown falls back to the default rather than failing the page. */
export function readFilterState(search: URLSearchParams): FilterState {
  const range = RANGES.find((r) => r.id === search.get('range'))?.id ?? DEFAULT_RANGE;
  const type = search.get('type');
  const source = search.get('source');
  return {
    range,
    teamId: positiveInt(search.get('team')),
    leadType: type && TYPES.has(type) ? (type as LeadType) : null,
    source: SOURCES.some((s) => s.value === source) ? (source as LeadSource | 'none') : null,
  };
}

export function writeFilterState(s: FilterState): URLSearchParams {
  const out = new URLSearchParams();
  if (s.range !== DEFAULT_RANGE) out.set('range', s.range);
  if (s.teamId !== null) out.set('team', String(s.teamId));
  if (s.leadType) out.set('type', s.leadType);
  if (s.source) out.set('source', s.source);
  return out;
}

/**
 * The API's filters for a state. A rolling range starts at local midnight `days` ago, so the
 * filters (and the query's key) stay the same all day rather than moving with every render.
 */
export function toApiFilters(s: FilterState, today: Date): AnalyticsFilters {
  const range = RANGES.find((r) => r.id === s.range)!;
  const from = range.days === null ? undefined
    : new Date(today.getFullYear(), today.getMonth(), today.getDate() - range.days).toISOString();
  return {
    ...(from ? { from } : {}),
    ...(s.teamId !== null ? { teamId: s.teamId } : {}),
    ...(s.leadType ? { leadType: s.leadType } : {}),
    ...(s.source ? { source: s.source } : {}),
  };
}
