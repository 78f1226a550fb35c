import type { Lead } from '@leadfloor/contracts';
import { LeadTypeSchema } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { BadCursorError, decodeCursor, encodeCursor, keyKinds, leadFilterSql, sorts, type LeadListParams } from '../leads/lead-list-sql';

export const HISTORY = 'lead_pool_history_v1';
const LEAD_TYPES = LeadTypeSchema.options;
const USERS = 'users_v1';

/** Matching leads from which a page walks the creation index rather than sorting every match. */
export const WALK_FROM = 2_000;

type VersionRow = {
  id: number; name: string; email: string; phone: string; address: string | null; city: string; state: string;
  lead_type: Lead['leadType']; status: Lead['status']; source: string | null; notes: string | null; tags: string[];
  funnel_source: string | null; funnel_campaign_id: string | null;
  priority: Lead['priority']; stage: Lead['stage']; score: number | null; scored_at: Date | null; next_follow_up: Date | null;
  last_contacted_at: Date | null; claimed_by: number | null; claimed_at: Date | null; created_at: Date; updated_at: Date;
  version: number; auto_release_exempt: boolean; claimed_by_name: string | null;
} & Record<`sort_${number}`, unknown>;

const iso = (t: Date | null) => (t === null ? null : t.toISOString());

/** A version row as the API's lead. When it would go back to the pool is a question about now, not then: null. */
const leadOf = (r: VersionRow): Lead => ({
  id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, city: r.city, state: r.state,
  leadType: r.lead_type, status: r.status, source: r.source as Lead['source'],
  funnelSource: r.funnel_source, funnelCampaignId: r.funnel_campaign_id, notes: r.notes, tags: r.tags,
  priority: r.priority, stage: r.stage, score: r.score, scoredAt: iso(r.scored_at), nextFollowUp: iso(r.next_follow_up),
  lastContactedAt: iso(r.last_contacted_at), claimedBy: r.claimed_by, claimedByName: r.claimed_by_name,
  claimedAt: iso(r.claimed_at), createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  autoReleaseExempt: r.auto_release_exempt, autoReleaseAt: null, version: r.version,
});

/**
 * The pool as it was at `at`, with every filter, sort and keyset page of the live pool: the
 * same WHERE clause (`leadFilterSql`) over the lead versions whose span holds `at`. "Follow-up
 * due" means due by then. Names are today's (a person's name is not part of the lead).
 */
export async function poolAsOf(pool: Pool, q: LeadListParams, actorId: number, at: Date, { walkFrom = WALK_FROM } = {}) {
  const { where, params } = leadFilterSql(q, actorId, at);
  const p = (v: unknown) => `$${params.push(v)}`;
  const t = p(at.toISOString());
  // The span's index finds the versions valid then; the counts read every one of them, from the
  // index alone when the filter names only the columns it carries (lead-pool-history.ts).
  const valid = `tstzrange(l.valid_from, l.valid_to, '[)') @> ${t}::timestamptz`;
  const filter = [where.replace(/^where /, ''), valid].filter(Boolean).join(' and ');
  const countParams = [...params];
  // A page of a broad filter walks the (created_at, id) index from that instant down, checking
  // each version's span (`created_at <= t` lets it start there), and stops after a page. A narrow
  // filter would walk most of the index for few matches: its page sorts the valid versions the
  // span's index finds instead, a cost bounded by the leads of the floor then.
  const pageFilter = `${filter} and l.created_at <= ${t}::timestamptz`;

  const sort = sorts[q.sort];
  let keyset = '';
  if (q.cursor) {
    let values: unknown[];
    try {
      values = decodeCursor(q.cursor);
      if (values.length !== sort.keys.length || !values.every((v, i) => keyKinds[sort.kinds[i]!](v))) throw new BadCursorError('cursor does not match the sort');
    } catch (err) {
      if (err instanceof BadCursorError) throw new ApiError(400, 'invalid_cursor', err.message, { field: 'cursor' });
      throw err;
    }
    keyset = ` and (${sort.keys.join(', ')}) ${sort.dir === 'asc' ? '>' : '<'} (${values.map((v) => p(v)).join(', ')})`;
  }
  const order = `order by ${sort.keys.map((k) => `${k} ${sort.dir}`).join(', ')} limit ${p(q.limit + 1)}`;
  const columns = `l.*, u.full_name as claimed_by_name, ${sort.keys.map((k, i) => `${k} as sort_${i}`).join(', ')}`;
  const walkSql = `select ${columns} from "${HISTORY}" l left join "${USERS}" u on u.id = l.claimed_by where ${pageFilter}${keyset} ${order}`;
  const sortSql = `with v as materialized (select * from "${HISTORY}" l where ${filter}${keyset})
    select ${columns} from v l left join "${USERS}" u on u.id = l.claimed_by ${order}`;
  // Without JIT: these plans cost enough to trigger it, and compiling them takes longer than
  // running them (tens of milliseconds on every read).
  const db = await pool.connect();
  let rows;
  let counts;
  try {
    await db.query('begin read only; set local jit = off');
    // One row of one count per type: no grouping to plan (a sort of every match, once).
    counts = await db.query<Record<string, string>>(
      `select ${LEAD_TYPES.map((type, i) => `count(*) filter (where l.lead_type = '${type}') as n${i}`).join(', ')}
       from "${HISTORY}" l where ${filter}`, countParams);
    const matching = LEAD_TYPES.reduce((a, _, i) => a + Number(counts!.rows[0]![`n${i}`]), 0);
    rows = matching === 0 ? { rows: [] as VersionRow[] } : await db.query<VersionRow>(matching >= walkFrom ? walkSql : sortSql, params);
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => {});
    throw err;
  } finally {
    db.release();
  }
  const more = rows.rows.length > q.limit;
  const page = rows.rows.slice(0, q.limit);
  const last = page[page.length - 1];
  // Only the types some lead matched, as the live pool's counts go.
  const typeCounts = Object.fromEntries(LEAD_TYPES.flatMap((type, i) => {
    const n = Number(counts.rows[0]![`n${i}`]);
    return n > 0 ? [[type, n]] : [];
  }));
  return {
    leads: page.map(leadOf),
    total: Object.values(typeCounts).reduce((a, b) => a + b, 0),
    typeCounts,
    nextCursor: more && last
      ? encodeCursor(Array.from({ length: sort.keys.length }, (_, i) => {
        const v = last[`sort_${i}`];
        return v instanceof Date ? v.toISOString() : (v as string | number);
      }))
      : null,
  };
}
