import { PoolReportQuerySchema, PoolReportSchema, type PoolReport } from '@leadfloor/contracts';
import { poolPolicyFor } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPoolPolicies } from '../pool-policy/pool-policies';

const DAY_MS = 86_400_000;
const MODES = ['first_come', 'round_robin', 'weighted'] as const;

type LeadFigures = {
  entered: number; claimed: number; claim_p50: number | null; claim_p90: number | null;
  contacted: number; contact_p50: number | null; contact_p90: number | null; held_past: number | null;
};

/**
 * GET /api/pool/report: how the pool served the period, from the read models (lead_distribution_v1
 * for each lead's entry, first claim, first contact and sale; pool_claims_v1 for every claim and
 * auto-release), never from the log. Leads count in the period they entered the pool; with a
 * team, the leads its agents claimed first, and their claims and releases. A manager reads any
 * scope; a team lead their own team's; agents are refused.
 */
export const poolReportRoute: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date }> = async (app, { pool, now }) => {
  app.get('/api/pool/report', {
    schema: {
      querystring: PoolReportQuerySchema, response: { 200: PoolReportSchema },
      problems: { 403: "Managers read the pool report; team leads their own team's (pool_report.forbidden)." },
    },
  }, async (req): Promise<PoolReport> => {
    const actor = await req.actor();
    let teamId = req.query.teamId ?? null;
    if (actor.role === 'teamLead' && actor.teamId !== null && (teamId === null || teamId === actor.teamId)) teamId = actor.teamId;
    else if (actor.role !== 'manager') throw new ApiError(403, 'pool_report.forbidden', "Only a manager, or a team lead for their own team, can read the pool report.");
    const at = now();
    const to = req.query.to ? new Date(req.query.to) : at;
    // Days before the first storable instant (a `to` in year 1) start at it instead.
    const from = req.query.from ? new Date(req.query.from) : new Date(Math.max(Date.parse('0001-01-01T00:00:00Z'), to.getTime() - (req.query.days ?? 30) * DAY_MS));
    if (from >= to) throw new ApiError(400, 'validation_error', 'from must be before to', { field: 'from' });
    const policies = await loadPoolPolicies(pool);
    const hours = poolPolicyFor(policies, teamId).autoReleaseHours;
    const limitMs = hours === null ? null : Math.round(hours * 3_600_000);

    // The period's leads: entered in [from, to); with a team, those its agents claimed first.
    const leads = `select d.* from lead_distribution_v1 d left join users_v1 fu on fu.id = d.first_claimed_by
      where d.entered_at >= $1 and d.entered_at < $2 and ($3::int is null or fu.team_id = $3)`;
    const ms = (a: string, b: string) => `extract(epoch from (${a} - ${b})) * 1000`;
    const pct = (p: number, a: string) => `percentile_cont(${p}) within group (order by ${ms(a, 'entered_at')}) filter (where ${a} is not null)`;
    const [figures, modes, claims, released] = await Promise.all([
      pool.query<LeadFigures>(
        `with leads as (${leads})
         select count(*)::int as entered, count(first_claimed_at)::int as claimed,
                ${pct(0.5, 'first_claimed_at')} as claim_p50, ${pct(0.9, 'first_claimed_at')} as claim_p90,
                count(first_contacted_at)::int as contacted,
                ${pct(0.5, 'first_contacted_at')} as contact_p50, ${pct(0.9, 'first_contacted_at')} as contact_p90,
                case when $4::float8 is null then null else count(*) filter (where greatest(longest_hold_ms,
                  case when holding_since is null then 0 else ${ms('$5::timestamptz', 'holding_since')} end) > $4::float8)::int end as held_past
         from leads`, [from, to, teamId, limitMs, at]),
      pool.query<{ mode: string; claimed: number; sold: number }>(
        `with leads as (${leads}) select claimed_via as mode, count(*)::int as claimed, count(sold_at)::int as sold
         from leads where claimed_via is not null group by claimed_via`, [from, to, teamId]),
      pool.query<{ user_id: number; full_name: string | null; claims: number }>(
        `select c.user_id, u.full_name, count(*)::int as claims from pool_claims_v1 c left join users_v1 u on u.id = c.user_id
         where c.kind = 'claim' and c.at >= $1 and c.at < $2 and ($3::int is null or u.team_id = $3)
         group by c.user_id, u.full_name order by claims desc, c.user_id`, [from, to, teamId]),
      pool.query<{ n: number }>(
        `select count(*)::int as n from pool_claims_v1 c left join users_v1 u on u.id = c.user_id
         where c.kind = 'auto_release' and c.at >= $1 and c.at < $2 and ($3::int is null or u.team_id = $3)`, [from, to, teamId]),
    ]);
    const f = figures.rows[0]!;
    const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
    const byMode = new Map(modes.rows.map((m) => [m.mode, m]));
    return {
      from: from.toISOString(), to: to.toISOString(), teamId,
      leadsEntered: f.entered,
      timeToClaim: { count: f.claimed, medianMs: num(f.claim_p50), p90Ms: num(f.claim_p90) },
      timeToFirstContact: { count: f.contacted, medianMs: num(f.contact_p50), p90Ms: num(f.contact_p90) },
      claimsPerAgent: claims.rows.map((c) => ({ userId: c.user_id, fullName: c.full_name, claims: c.claims })),
      releasedByPolicy: released.rows[0]?.n ?? 0,
      heldPastPolicy: f.held_past,
      autoReleaseHours: hours,
      conversionByDistribution: MODES.map((distribution) => {
        const m = byMode.get(distribution);
        const claimed = m?.claimed ?? 0;
        const sold = m?.sold ?? 0;
        return { distribution, claimed, sold, rate: claimed === 0 ? null : sold / claimed };
      }),
    };
  });
};
