import type { z } from 'zod';
import { CallResultSchema, type CallListQuerySchema } from '@leadfloor/contracts';
import { endOfLocalDay, localDay } from '../../lib/local-day';

type CallResult = z.infer<typeof CallResultSchema>;
/** Parameters of GET /api/calls as the console sends them (strings on the wire). */
export type CallListParams = Partial<Record<keyof z.input<typeof CallListQuerySchema>, string | number>>;

/** The call log's filters. Dates are local calendar days (yyyy-MM-dd), both ends included. */
export type CallFilters = {
  result: CallResult | 'all';
  status: 'all' | 'completed' | 'in_progress';
  analyzed: 'all' | 'analyzed' | 'pending';
  from: string | null;
  to: string | null;
  /** One agent's calls (managers and team leads); null: everyone they may see. */
  agent: number | null;
};

export const DEFAULT_CALL_FILTERS: CallFilters = { result: 'all', status: 'all', analyzed: 'all', from: null, to: null, agent: null };

const STATUSES = ['completed', 'in_progress'] as const;
const ANALYZED = ['analyzed', 'pending'] as const;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | 'all' => values.find((v) => v === raw) ?? 'all';
const day = (raw: string | null) => (localDay(raw) ? raw : null);

/** The filters from the address bar; anything unknown or malformed falls back to its default. */
export function readCallFilters(search: URLSearchParams): CallFilters {
  const agent = Number(search.get('agent'));
  let [from, to] = [day(search.get('from')), day(search.get('to'))];
  if (from && to && to < from) [from, to] = [to, from];
  return {
    result: oneOf(CallResultSchema.options, search.get('result')),
    status: oneOf(STATUSES, search.get('status')),
    analyzed: oneOf(ANALYZED, search.get('analyzed')),
    from,
    to,
    agent: Number.isInteger(agent) && agent > 0 ? agent : null,
  };
}

/** The address-bar form: only what differs from the defaults, so plain /calls stays plain. */
export function writeCallFilters(f: CallFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.result !== 'all') out.set('result', f.result);
  if (f.status !== 'all') out.set('status', f.status);
  if (f.analyzed !== 'all') out.set('analyzed', f.analyzed);
  if (f.from) out.set('from', f.from);
  if (f.to) out.set('to', f.to);
  if (f.agent !== null) out.set('agent', String(f.agent));
  return out;
}

export const hasActiveCallFilters = (f: CallFilters): boolean => writeCallFilters(f).size > 0;

/**
 * GET /api/calls parameters for the filters. A chosen day becomes the instant it starts
 * (from) or ends (to) where the user is, so "10 March" means their 10 March.
 */
export function callListParams(f: CallFilters): CallListParams {
  const params: CallListParams = {};
  if (f.result !== 'all') params.result = f.result;
  if (f.status !== 'all') params.status = f.status;
  if (f.analyzed !== 'all') params.analyzed = f.analyzed === 'analyzed' ? 'true' : 'false';
  const [from, to] = [localDay(f.from), localDay(f.to)];
  if (from) params.from = from.toISOString();
  if (to) params.to = endOfLocalDay(to).toISOString();
  if (f.agent !== null) params.userId = f.agent;
  return params;
}
