import type { Pool } from '@leadfloor/infra/postgres/pool';

const STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
type Bucket = { count: number; amountCents: number; commissionCents: number };
type ByStatus = Record<(typeof STATUSES)[number], Bucket>;
const empty = (): ByStatus => Object.fromEntries(STATUSES.map((s) => [s, { count: 0, amountCents: 0, commissionCents: 0 }])) as ByStatus;

/**
 * /commissions: counts and sums by status, overall and for each of the last `months` calendar
 * months (in the floor's time zone, months without sales included). `$1` the reader, `$2` their
 * teams, `$3` one agent or null.
 */
export async function commissionTotals(pool: Pool, o: { actorId: number; teams: number[]; userId?: number; months: number; now: Date; timeZone: string }) {
  const scope = `(s.user_id = $1 or s.team_id = any($2::int[])) and ($3::int is null or s.user_id = $3)`;
  type Row = { status: string; n: string; amount: string; commission: string };
  const [totals, monthly, months] = await Promise.all([
    pool.query<Row>(`select s.status, count(*) as n, sum(s.amount_cents) as amount, sum(s.commission_cents) as commission
      from sales_v1 s where ${scope} group by s.status`, [o.actorId, o.teams, o.userId ?? null]),
    pool.query<Row & { month: string }>(`select to_char(s.sale_date at time zone $4, 'YYYY-MM') as month, s.status, count(*) as n,
        sum(s.amount_cents) as amount, sum(s.commission_cents) as commission
      from sales_v1 s
      where ${scope} and s.sale_date >= (date_trunc('month', $5::timestamptz at time zone $4) - ($6::int - 1) * interval '1 month') at time zone $4
      group by 1, 2`, [o.actorId, o.teams, o.userId ?? null, o.timeZone, o.now, o.months]),
    pool.query<{ month: string }>(`select to_char(m, 'YYYY-MM') as month from generate_series(
        date_trunc('month', $1::timestamptz at time zone $2) - ($3::int - 1) * interval '1 month',
        date_trunc('month', $1::timestamptz at time zone $2), interval '1 month') as m order by m desc`, [o.now, o.timeZone, o.months]),
  ]);
  const add = (into: ByStatus, r: Row) => {
    into[r.status as keyof ByStatus] = { count: Number(r.n), amountCents: Number(r.amount), commissionCents: Number(r.commission) };
  };
  const all = empty();
  totals.rows.forEach((r) => add(all, r));
  const byMonth = new Map(months.rows.map((m) => [m.month, empty()]));
  monthly.rows.forEach((r) => byMonth.get(r.month) && add(byMonth.get(r.month)!, r));
  return { timeZone: o.timeZone, totals: all, byMonth: [...byMonth].map(([month, b]) => ({ month, ...b })) };
}
