import { JobSortSchema, JobTypeSchema, type JobSort, type JobType } from '@leadfloor/contracts';
import { dollarsToCents } from '../../lib/dollars';
import type { JobBoardParams } from './api/closer-keys';

/** The board's filters as the address bar keeps them: text as typed, the commission floor in whole dollars. */
export type JobFilters = { search: string; type: JobType | 'all'; location: string; minCommission: string; sort: JobSort };

export const DEFAULT_JOB_FILTERS: JobFilters = { search: '', type: 'all', location: '', minCommission: '', sort: 'newest' };

export const JOB_SORT_LABELS: Record<JobSort, string> = {
  newest: 'Newest first', commission_desc: 'Highest commission per close', commission_asc: 'Lowest commission per close',
};

/** The filters from the address bar; anything unknown or malformed falls back to its default. */
export function readJobFilters(search: URLSearchParams): JobFilters {
  const min = search.get('min') ?? '';
  return {
    search: (search.get('q') ?? '').slice(0, 200),
    type: JobTypeSchema.options.find((t) => t === search.get('type')) ?? 'all',
    location: (search.get('location') ?? '').slice(0, 200),
    minCommission: dollarsToCents(min) === null ? '' : min,
    sort: JobSortSchema.options.find((s) => s === search.get('sort')) ?? 'newest',
  };
}

/** The address-bar form: only what differs from the defaults, so plain /closers stays plain. */
export function writeJobFilters(f: JobFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.search.trim()) out.set('q', f.search);
  if (f.type !== 'all') out.set('type', f.type);
  if (f.location.trim()) out.set('location', f.location);
  if (f.minCommission.trim() && dollarsToCents(f.minCommission) !== null) out.set('min', f.minCommission.trim());
  if (f.sort !== 'newest') out.set('sort', f.sort);
  return out;
}

export const hasActiveJobFilters = (f: JobFilters): boolean =>
  Boolean(f.search.trim() || f.location.trim() || f.minCommission.trim()) || f.type !== 'all';

/** GET /api/jobs parameters: trimmed text, the commission floor in cents. */
export function jobBoardParams(f: JobFilters): JobBoardParams {
  const min = f.minCommission.trim() ? dollarsToCents(f.minCommission) : null;
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.type !== 'all' ? { type: f.type } : {}),
    ...(f.location.trim() ? { location: f.location.trim() } : {}),
    ...(min !== null ? { minCommission: min } : {}),
    sort: f.sort,
  };
}
