import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { LeadFactRow } from './lead-facts-fold';

/**
 * The lead facts summed per created week (Monday 00:00 UTC), lead type, source, funnel source
 * and campaign: what a floor-wide analytics read adds up instead of counting every fact row
 * (a year of leads is some fifty weeks times the few types and sources). Each row is exactly the
 * count of the fact rows in its cell; the projection keeps it so by adding each changed fact's
 * new contribution and taking away its old one, in the transaction that changes the fact.
 */
export type RollupRow = {
  week: string; lead_type: string; source: string | null; funnel_source: string | null; campaign: string | null;
  created: number; claimed: number; contacted: number; qualified: number; sold: number; lost: number; revenue_cents: number;
};

const COUNTS = ['created', 'claimed', 'contacted', 'qualified', 'sold', 'lost', 'revenue_cents'] as const;
const KEY = ['week', 'lead_type', 'source', 'funnel_source', 'campaign'] as const;

export const ROLLUP_COLUMNS = `week date not null, lead_type text not null, source text, funnel_source text, campaign text,
  created int not null, claimed int not null, contacted int not null, qualified int not null, sold int not null, lost int not null,
  revenue_cents bigint not null`;
/** The rollup's table and its one index, a key in which "no source" is one value (nulls not distinct). */
export const createRollupSql = (t: string) => `
  create table "${t}" (${ROLLUP_COLUMNS});
  create unique index "${t}_cell" on "${t}" (week, lead_type, source, funnel_source, campaign) nulls not distinct;`;

/** The Monday (UTC) of the week an instant falls in, as PostgreSQL's date_trunc('week', t at time zone 'UTC')::date. */
export function utcWeekOf(instant: string): string {
  const d = new Date(instant);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return new Date(day - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/** What one fact row adds to its cell. Revenue is that of a sold lead, as every analytics read counts it. */
export function contributionOf(f: LeadFactRow): RollupRow {
  return {
    week: utcWeekOf(f.created_at), lead_type: f.lead_type, source: f.source, funnel_source: f.funnel_source ?? null, campaign: f.funnel_campaign_id,
    created: 1, claimed: f.first_claimed_at ? 1 : 0, contacted: f.contacted_at ? 1 : 0, qualified: f.qualified_at ? 1 : 0,
    sold: f.sold_at ? 1 : 0, lost: f.lost_at ? 1 : 0, revenue_cents: f.sold_at ? Number(f.revenue_cents) : 0,
  };
}

const keyOf = (r: RollupRow) => JSON.stringify(KEY.map((k) => r[k]));

/** The changes to the cells from facts that went from `before` to `after` (null: none), merged per cell, zero ones dropped. */
export function rollupDeltas(changes: Iterable<readonly [LeadFactRow | null, LeadFactRow | null]>): RollupRow[] {
  const cells = new Map<string, RollupRow>();
  const add = (f: LeadFactRow, sign: 1 | -1) => {
    const c = contributionOf(f);
    const k = keyOf(c);
    const cell = cells.get(k) ?? { ...c, ...Object.fromEntries(COUNTS.map((n) => [n, 0])) } as RollupRow;
    for (const n of COUNTS) cell[n] += sign * c[n];
    cells.set(k, cell);
  };
  for (const [before, after] of changes) {
    if (before) add(before, -1);
    if (after) add(after, 1);
  }
  return [...cells.values()].filter((c) => COUNTS.some((n) => c[n] !== 0));
}

/** Adds the deltas to their cells (a cell left with no lead is removed). */
export async function applyRollupDeltas(db: PoolClient, table: string, deltas: RollupRow[]): Promise<void> {
  if (deltas.length === 0) return;
  const keys = KEY.join(', ');
  await db.query(
    `insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)
     on conflict (${keys}) do update set ${COUNTS.map((n) => `${n} = "${table}".${n} + excluded.${n}`).join(', ')}`,
    [JSON.stringify(deltas)]);
  await db.query(
    `delete from "${table}" r using jsonb_populate_recordset(null::"${table}", $1::jsonb) c
     where r.created = 0 and ${KEY.map((k) => `r.${k} is not distinct from c.${k}`).join(' and ')}`,
    [JSON.stringify(deltas)]);
}
