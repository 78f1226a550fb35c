import {
  CustomFieldFilterSchema, customFieldFilterParam, LeadTabSchema, SortSchema, type CustomFieldFilter, type Lead, type LeadTab, type SortValue,
} from '@leadfloor/contracts';
import { localDay } from '../../lib/local-day';
import type { LeadListParams } from './api/lead-queries';

// In lib/ since the call log's filters read days too; the pool's modules import it from here.
export { localDay };

export type DateField = 'createdAt' | 'nextFollowUp' | 'lastContactedAt';
export const DATE_FIELDS: DateField[] = ['createdAt', 'nextFollowUp', 'lastContactedAt'];

/** Spec 3's filter object. Dates are local calendar days (yyyy-MM-dd), as the pickers choose them. */
export type LeadFilters = {
  search: string;
  typeFilter: Lead['leadType'] | 'all';
  statusFilter: Lead['status'] | 'all';
  priorityFilter: Lead['priority'] | 'all';
  stageFilter: Lead['stage'] | 'all';
  hasFollowUp: boolean;
  followUpDue: boolean;
  showMyLeadsOnly: boolean;
  scoreRange: [number, number];
  tags: string[];
  dateRange: { field: DateField | null; startDate: string | null; endDate: string | null };
  /** Conditions on the floor's custom fields (`budget>=100000`, `bedrooms=3+`), all of which must hold. */
  customFields: CustomFieldFilter[];
};

export type PoolView = 'list' | 'pipeline';
/** Everything the pool shows, kept in the URL so reloads, links and Back keep it. */
export type PoolState = { tab: LeadTab; sort: SortValue; view: PoolView; filters: LeadFilters };

export const DEFAULT_FILTERS: LeadFilters = {
  search: '', typeFilter: 'all', statusFilter: 'all', priorityFilter: 'all', stageFilter: 'all',
  hasFollowUp: false, followUpDue: false, showMyLeadsOnly: false, scoreRange: [0, 100], tags: [],
  dateRange: { field: null, startDate: null, endDate: null }, customFields: [],
};

const TYPES = ['real_estate', 'finance', 'forex'] as const;
const STATUSES = ['available', 'claimed', 'contacted', 'qualified', 'sold', 'lost'] as const;
const PRIORITIES = ['low', 'medium', 'high'] as const;
const STAGES = ['new', 'discovery', 'proposal', 'negotiation', 'closed'] as const;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | 'all' =>
  values.find((v) => v === raw) ?? 'all';
const score = (raw: string | null, fallback: number) => {
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) ? Math.min(100, Math.max(0, n)) : fallback;
};
const day = (raw: string | null) => (localDay(raw) ? raw : null);

/** Reads the pool's state from the address bar; anything unknown or malformed falls back to its default. */
export function readPoolState(search: URLSearchParams): PoolState {
  const min = score(search.get('scoreMin'), 0);
  const max = score(search.get('scoreMax'), 100);
  const field = DATE_FIELDS.find((f) => f === search.get('dateField')) ?? null;
  const tab = LeadTabSchema.safeParse(search.get('tab'));
  const sort = SortSchema.safeParse(search.get('sort'));
  return {
    tab: tab.success ? tab.data : 'all',
    sort: sort.success ? sort.data : 'newest',
    view: search.get('view') === 'pipeline' ? 'pipeline' : 'list',
    filters: {
      search: search.get('search') ?? '',
      typeFilter: oneOf(TYPES, search.get('typeFilter')),
      statusFilter: oneOf(STATUSES, search.get('statusFilter')),
      priorityFilter: oneOf(PRIORITIES, search.get('priorityFilter')),
      stageFilter: oneOf(STAGES, search.get('stageFilter')),
      hasFollowUp: search.get('hasFollowUp') === 'true',
      followUpDue: search.get('followUpDue') === 'true',
      showMyLeadsOnly: search.get('showMyLeadsOnly') === 'true',
      scoreRange: [Math.min(min, max), Math.max(min, max)],
      tags: (search.get('tags') ?? '').split(',').map((t) => t.trim()).filter(Boolean),
      dateRange: field
        ? { field, startDate: day(search.get('startDate')), endDate: day(search.get('endDate')) }
        : DEFAULT_FILTERS.dateRange,
      customFields: search.getAll('customField').flatMap((raw) => {
        const read = CustomFieldFilterSchema.safeParse(raw);
        return read.success ? [read.data] : [];
      }),
    },
  };
}

/** The address-bar form of a pool state: only what differs from the defaults, so plain /leads stays plain. */
export function writePoolState({ tab, sort, view, filters: f }: PoolState): URLSearchParams {
  const out = new URLSearchParams();
  const put = (key: string, value: string | null | false | undefined) => {
    if (value) out.set(key, value);
  };
  put('tab', tab !== 'all' && tab);
  put('sort', sort !== 'newest' && sort);
  put('view', view === 'pipeline' && view);
  put('search', f.search.trim() && f.search);
  put('typeFilter', f.typeFilter !== 'all' && f.typeFilter);
  put('statusFilter', f.statusFilter !== 'all' && f.statusFilter);
  put('priorityFilter', f.priorityFilter !== 'all' && f.priorityFilter);
  put('stageFilter', f.stageFilter !== 'all' && f.stageFilter);
  put('hasFollowUp', f.hasFollowUp && 'true');
  put('followUpDue', f.followUpDue && 'true');
  put('showMyLeadsOnly', f.showMyLeadsOnly && 'true');
  put('scoreMin', f.scoreRange[0] > 0 && String(f.scoreRange[0]));
  put('scoreMax', f.scoreRange[1] < 100 && String(f.scoreRange[1]));
  put('tags', f.tags.join(','));
  put('dateField', f.dateRange.field);
  put('startDate', f.dateRange.field && f.dateRange.startDate);
  put('endDate', f.dateRange.field && f.dateRange.endDate);
  for (const c of f.customFields) out.append('customField', customFieldFilterParam(c));
  return out;
}

/** Whether any filter differs from its default (the tab and sort are not filters). */
export function hasActiveFilters(f: LeadFilters): boolean {
  return writePoolState({ tab: 'all', sort: 'newest', view: 'list', filters: f }).size > 0;
}

/**
 * GET /api/leads parameters for a tab, sort and filter object: the server applies spec 5's
 * matching. A chosen local day becomes the instant it starts (start date) or ends (end date),
 * so "03/10" means the user's 10 March, wherever they are.
 */
export function poolQueryParams(tab: LeadTab, sort: SortValue, f: LeadFilters): LeadListParams {
  const params: LeadListParams = { tab, sort };
  if (f.search.trim()) params.search = f.search.trim();
  if (f.typeFilter !== 'all') params.typeFilter = f.typeFilter;
  if (f.statusFilter !== 'all') params.statusFilter = f.statusFilter;
  if (f.priorityFilter !== 'all') params.priorityFilter = f.priorityFilter;
  if (f.stageFilter !== 'all') params.stageFilter = f.stageFilter;
  if (f.hasFollowUp) params.hasFollowUp = 'true';
  if (f.followUpDue) params.followUpDue = 'true';
  if (f.showMyLeadsOnly) params.showMyLeadsOnly = 'true';
  if (f.scoreRange[0] > 0 || f.scoreRange[1] < 100) {
    params.scoreMin = f.scoreRange[0];
    params.scoreMax = f.scoreRange[1];
  }
  if (f.tags.length > 0) params.tags = f.tags.join(',');
  if (f.customFields.length > 0) params.customField = f.customFields.map(customFieldFilterParam);
  const { field, startDate, endDate } = f.dateRange;
  if (field && (startDate || endDate)) {
    params.dateField = field;
    const start = localDay(startDate);
    const end = localDay(endDate);
    if (start) params.startDate = start.toISOString();
    if (end) params.endDate = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1, 0, 0, 0, -1).toISOString();
  }
  return params;
}
