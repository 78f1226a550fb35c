import { INT32_MAX, InstantSchema, type LeadListQuerySchema, type SortValue } from '@leadfloor/contracts';
import { isStorableText } from '@leadfloor/infra/http/storable-text';
import type { z } from 'zod';
import { customFieldFilterSql, type ResolvedCustomFieldFilter } from './custom-field-filters';
import { LEAD_AUTO_RELEASE_COLUMNS, LEAD_AUTO_RELEASE_JOIN } from './lead-row';

/** The query as parsed, with its custom field conditions read against their definitions (`withCustomFieldFilters`). */
export type LeadListParams = z.output<typeof LeadListQuerySchema> & { customFieldFilters?: ResolvedCustomFieldFilter[] };

// What a cursor may hold for each kind of key: a cursor is the client's to send, so one that
// was not ours (a forged or mangled one) must fail here, not in the query as a 500.
export const keyKinds = {
  time: (v: unknown) => typeof v === 'string' && InstantSchema.safeParse(v).success,
  text: (v: unknown) => typeof v === 'string' && isStorableText(v),
  int: (v: unknown) => Number.isInteger(v) && Math.abs(v as number) <= INT32_MAX,
};
type KeyKind = keyof typeof keyKinds;

/** Keyset columns per sort and what their values are: one direction each, so `(a, b) > (x, y)` pages correctly. */
export const sorts: Record<SortValue, { keys: string[]; kinds: KeyKind[]; dir: 'asc' | 'desc' }> = {
  newest: { keys: ['l.created_at', 'l.id'], kinds: ['time', 'int'], dir: 'desc' },
  oldest: { keys: ['l.created_at', 'l.id'], kinds: ['time', 'int'], dir: 'asc' },
  name_asc: { keys: ['lower(l.name)', 'l.id'], kinds: ['text', 'int'], dir: 'asc' },
  name_desc: { keys: ['lower(l.name)', 'l.id'], kinds: ['text', 'int'], dir: 'desc' },
  status: {
    keys: [`array_position(array['available','claimed','contacted','qualified','sold','lost'], l.status)`, 'l.id'],
    kinds: ['int', 'int'], dir: 'asc',
  },
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const dateColumn = { createdAt: 'l.created_at', nextFollowUp: 'l.next_follow_up', lastContactedAt: 'l.last_contacted_at' } as const;
const endOfDay = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T23:59:59.999Z` : d);

export class BadCursorError extends Error {}

/**
 * The filters of spec 3 with spec 5's matching rules, as SQL over the lead pool read model.
 * Returns the WHERE clause and its parameters (values are always parameters, never spliced).
 */
export function leadFilterSql(q: LeadListParams, actorId: number, now: Date) {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const tabs: Record<string, string> = {
    available: `l.status = 'available'`, claimed: `l.status = 'claimed' and l.claimed_by is not null`,
    contacted: `l.status = 'contacted'`, qualified: `l.status = 'qualified'`, closed: `l.status in ('sold', 'lost')`,
  };
  if (q.tab !== 'all') where.push(tabs[q.tab]!);
  // A lead the floor's drip still holds back is the managers' to see (the role is the actor's own row).
  where.push(`(not exists (select 1 from lead_distribution_v1 dh where dh.id = l.id and dh.held_until is not null)
    or exists (select 1 from users_v1 me where me.id = ${p(actorId)} and me.role = 'manager'))`);
  if (q.search?.trim()) {
    const term = q.search.trim();
    const like = p(`%${likeEscape(term)}%`);
    where.push(`(l.name ilike ${like} or l.email ilike ${like} or l.notes ilike ${like} or l.phone like ${like})`);
  }
  if (q.typeFilter) where.push(`l.lead_type = ${p(q.typeFilter)}`);
  if (q.statusFilter) where.push(`l.status = ${p(q.statusFilter)}`);
  if (q.priorityFilter) where.push(`l.priority = ${p(q.priorityFilter)}`);
  if (q.stageFilter) where.push(`l.stage = ${p(q.stageFilter)}`);
  if (q.hasFollowUp) where.push('l.next_follow_up is not null');
  if (q.followUpDue) where.push(`l.next_follow_up <= ${p(now.toISOString())}`);
  // "Show only my leads": the signed-in agent's own (the spec's client could only test for a holder).
  if (q.showMyLeadsOnly) where.push(`l.claimed_by = ${p(actorId)}`);
  if (q.scoreMin !== undefined || q.scoreMax !== undefined) {
    where.push(`(l.score is null or l.score between ${p(q.scoreMin ?? 0)} and ${p(q.scoreMax ?? 100)})`);
  }
  if (q.tags.length > 0) where.push(`l.tags @> ${p(q.tags)}::text[]`);
  if (q.funnelSource === 'none') where.push('l.funnel_source is null');
  else if (q.funnelSource) where.push(`l.funnel_source = ${p(q.funnelSource)}`);
  if (q.funnelCampaignId === 'none') where.push('l.funnel_campaign_id is null');
  else if (q.funnelCampaignId) where.push(`l.funnel_campaign_id = ${p(q.funnelCampaignId)}`);
  if (q.dateField && (q.startDate || q.endDate)) {
    const col = dateColumn[q.dateField];
    where.push(`${col} is not null`);
    if (q.startDate) where.push(`${col} >= ${p(q.startDate)}`);
    if (q.endDate) where.push(`${col} <= ${p(endOfDay(q.endDate))}`);
  }
  if (q.customField.length > 0 && !q.customFieldFilters) throw new Error('custom field conditions not read against their definitions');
  const custom = customFieldFilterSql(q.customFieldFilters ?? [], p);
  if (custom) where.push(custom);
  return { where: where.length ? `where ${where.join(' and ')}` : '', params };
}

/** The page query: filters, then the keyset condition and order of the chosen sort. */
export function leadPageSql(q: LeadListParams, actorId: number, now: Date, leadTable: string, userTable: string) {
  const { where, params } = leadFilterSql(q, actorId, now);
  const sort = sorts[q.sort];
  const p = (v: unknown) => `$${params.push(v)}`;
  let keyset = '';
  if (q.cursor) {
    const values = decodeCursor(q.cursor);
    if (values.length !== sort.keys.length || !values.every((v, i) => keyKinds[sort.kinds[i]!](v))) {
      throw new BadCursorError('cursor does not match the sort');
    }
    keyset = `(${sort.keys.join(', ')}) ${sort.dir === 'asc' ? '>' : '<'} (${values.map((v) => p(v)).join(', ')})`;
  }
  const cond = [where.replace(/^where /, ''), keyset].filter(Boolean).join(' and ');
  const sql = `
    select l.*, u.full_name as claimed_by_name, ${LEAD_AUTO_RELEASE_COLUMNS}, ${sort.keys.map((k, i) => `${k} as sort_${i}`).join(', ')}
    from "${leadTable}" l left join "${userTable}" u on u.id = l.claimed_by ${LEAD_AUTO_RELEASE_JOIN}
    ${cond ? `where ${cond}` : ''}
    order by ${sort.keys.map((k) => `${k} ${sort.dir}`).join(', ')}
    limit ${p(q.limit + 1)}`;
  return { sql, params, sortKeys: sort.keys.length };
}

export const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
export function decodeCursor(cursor: string): unknown[] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v;
  } catch {
    // fall through
  }
  throw new BadCursorError('malformed cursor');
}
