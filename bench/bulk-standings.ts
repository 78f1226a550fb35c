import type { Pool } from '@leadfloor/infra/postgres/pool';

/**
 * What the leaderboards count, written straight into their read models for the leads that
 * bulk-histories.ts wrote into the log: points for each claim (5), contact (10) and
 * qualification (25), awarded to the lead's agent at that event's instant, and a sale of one
 * lead in twenty at its last event. The agents are split into the two teams.
 */
export async function insertStandings(pool: Pool, startedAt: Date): Promise<{ points: number; sales: number }> {
  await pool.query(`update users_v1 set team_id = 1 + id % 2 where role = 'agent'`);
  const points = await pool.query(`
    insert into points_ledger_v1 (event_id, user_id, rule, points, at)
    select gen_random_uuid(), (metadata->>'actorId')::int,
           case when type = 'LeadClaimed' then 'lead_claimed' when data->>'to' = 'contacted' then 'lead_contacted' else 'lead_qualified' end,
           case when type = 'LeadClaimed' then 5 when data->>'to' = 'contacted' then 10 else 25 end,
           occurred_at
    from events where type = 'LeadClaimed' or (type = 'LeadStatusChanged' and data->>'to' in ('contacted', 'qualified'))`);
  const sales = await pool.query(`
    insert into sales_v1 (id, lead_id, user_id, team_id, lead_type, amount_cents, rate_bp, rate_source, plan_team_id, plan_version,
      commission_cents, status, notes, sale_date, recorded_by, sale_event_id, history, version)
    select row_number() over (order by l.id), l.id, l.claimed_by, 1 + l.claimed_by % 2, l.lead_type, 500000, 1000, 'default', null, 1,
           50000, 'pending', null, l.updated_at, l.claimed_by, gen_random_uuid(), '[]'::jsonb, 1
    from lead_pool_v1 l where l.id % 20 = 0 and l.claimed_by is not null and l.updated_at >= $1`, [startedAt]);
  return { points: points.rowCount ?? 0, sales: sales.rowCount ?? 0 };
}
