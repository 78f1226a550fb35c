import type { AnalyticsFilters } from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { visibleTeams } from '../people/visible-teams';

/**
 * Whose leads a reader's analytics cover. Managers run the floor: every lead, the pool's
 * unclaimed ones included. Team leads: the leads worked by their teams' people (the teams
 * call analytics shows them, `visibleTeams`), and their own. Agents: the leads they work.
 * A lead belongs to whoever holds it now (the seller keeps a sold lead), so a released
 * lead goes back to the floor's figures only.
 */
export type AnalyticsScope =
  | { kind: 'floor' }
  | { kind: 'teams'; actorId: number; teams: number[] }
  | { kind: 'own'; actorId: number };

export async function analyticsScope(pool: Pool, actor: SessionActor): Promise<AnalyticsScope> {
  if (actor.role === 'manager') return { kind: 'floor' };
  if (actor.role === 'agent') return { kind: 'own', actorId: actor.id };
  return { kind: 'teams', actorId: actor.id, teams: await visibleTeams(pool, actor) };
}

export const scopeName = (s: AnalyticsScope) => (s.kind === 'floor' ? 'floor' : s.kind);

/** Refuses a filter on a team or person outside the reader's scope (403), rather than answer zeros that look like facts. */
export async function checkFilters(pool: Pool, scope: AnalyticsScope, f: AnalyticsFilters) {
  if (scope.kind === 'floor') return;
  if (f.teamId !== undefined && (scope.kind === 'own' || !scope.teams.includes(f.teamId))) {
    const mine = scope.kind === 'own' && (await pool.query('select 1 from users_v1 where id = $1 and team_id = $2', [scope.actorId, f.teamId])).rowCount;
    if (!mine) throw new ApiError(403, 'analytics.team_forbidden', 'You can read the analytics of your own team only.', { field: 'teamId' });
  }
  if (f.agentId !== undefined && f.agentId !== scope.actorId) {
    const inTeams = scope.kind === 'teams'
      && (await pool.query('select 1 from users_v1 where id = $1 and team_id = any($2::int[])', [f.agentId, scope.teams])).rowCount;
    if (!inTeams) throw new ApiError(403, 'analytics.agent_forbidden', 'You can read your own analytics and those of your teams\' people.', { field: 'agentId' });
  }
}

/**
 * The SQL condition on lead facts (alias `f`) for the scope and filters; pushes its values onto
 * `params` and refers to them by position, so callers append their own after it.
 */
export function factsCondition(scope: AnalyticsScope, f: AnalyticsFilters, params: unknown[]): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  const and: string[] = [];
  if (scope.kind === 'own') and.push(`f.agent_id = ${p(scope.actorId)}`);
  if (scope.kind === 'teams') {
    and.push(`(f.agent_id = ${p(scope.actorId)} or f.agent_id = any(array(select id from users_v1 where team_id = any(${p(scope.teams)}::int[]))))`);
  }
  if (f.teamId !== undefined) and.push(`f.agent_id = any(array(select id from users_v1 where team_id = ${p(f.teamId)}::int))`);
  if (f.agentId !== undefined) and.push(`f.agent_id = ${p(f.agentId)}::int`);
  if (f.from !== undefined) and.push(`f.created_at >= ${p(f.from)}::timestamptz`);
  if (f.to !== undefined) and.push(`f.created_at < ${p(f.to)}::timestamptz`);
  if (f.leadType !== undefined) and.push(`f.lead_type = ${p(f.leadType)}`);
  if (f.source === 'none') and.push('f.source is null');
  else if (f.source !== undefined) and.push(`f.source = ${p(f.source)}`);
  if (f.funnelSource === 'none') and.push('f.funnel_source is null');
  else if (f.funnelSource !== undefined) and.push(`f.funnel_source = ${p(f.funnelSource)}`);
  if (f.campaign === 'none') and.push('f.funnel_campaign_id is null');
  else if (f.campaign !== undefined) and.push(`f.funnel_campaign_id = ${p(f.campaign)}`);
  return and.length === 0 ? 'true' : and.join(' and ');
}

export const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
export const seconds = (v: string | number | null) => (v === null ? null : Math.round(Number(v)));
