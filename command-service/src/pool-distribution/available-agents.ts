import { poolPolicyFor, type Candidate, type EffectivePoolPolicy, type LeadType, type PoolPolicies } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/**
 * Whose rules and whose people a new lead is offered under: the team that works its lead type
 * (the first made, when several do), with that team's rules (its override, else the floor's);
 * a lead type no team works goes to every agent under the floor's rules.
 */
export type OfferScope = { teamId: number | null; policy: EffectivePoolPolicy };

export async function offerScopeFor(pool: Pool, policies: PoolPolicies, leadType: LeadType): Promise<OfferScope> {
  const { rows } = await pool.query<{ id: number }>('select id from teams_v1 where lead_type = $1 order by id limit 1', [leadType]);
  const teamId = rows[0]?.id ?? null;
  return { teamId, policy: poolPolicyFor(policies, teamId) };
}

/**
 * Who can be offered a lead now, with their weight: agents and team leads (of the scope's team,
 * or anyone for the floor) who have not set themselves away, with the console open on some
 * gateway replica (a live presence row), and below their cap on active leads (an offer they
 * could not accept would only waste its minutes). Weights come from the scope's rules when it
 * distributes by weight (1 for anyone unlisted); round-robin weighs everyone 1.
 */
export async function availableCandidates(pool: Pool, policies: PoolPolicies, scope: OfferScope, exclude: readonly number[] = []): Promise<Candidate[]> {
  const { rows } = await pool.query<{ id: number; team_id: number | null; active: string | null }>(
    `select u.id, u.team_id, c.value as active
     from users_v1 u
     left join agent_availability a on a.user_id = u.id
     left join counters c on c.scope = 'active_claims' and c.key = u.id::text
     where u.role in ('agent', 'teamLead') and coalesce(a.status, 'available') = 'available'
       and ($2::int is null or u.team_id = $2)
       and exists (select 1 from agent_presence p where p.user_id = u.id and p.expires_at > now())
       and not (u.id = any($1::int[]))
     order by u.id`, [exclude, scope.teamId]);
  const { policy } = scope;
  const weightOf = new Map(policy.weights.map((w) => [w.userId, w.weight]));
  return rows
    .filter((r) => {
      const cap = poolPolicyFor(policies, r.team_id).maxActiveClaims;
      return cap === null || Number(r.active ?? 0) < cap;
    })
    .map((r) => ({ userId: r.id, weight: policy.distribution === 'weighted' ? weightOf.get(r.id) ?? 1 : 1 }));
}
