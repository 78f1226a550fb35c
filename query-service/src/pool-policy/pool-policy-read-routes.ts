import { PoolPolicyViewSchema, type ScopedPoolPolicyView } from '@leadfloor/contracts';
import { poolPolicyFor, type ScopedPoolPolicy } from '@leadfloor/events';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPoolPolicies } from './pool-policies';

type TeamRow = { id: number; name: string; manager_id: number | null };

/**
 * GET /api/pool-policy: the rules that apply to the signed-in user (their team's override, else
 * the floor's) with their count of active leads; a manager also gets the floor's rules and every
 * team's override, marked with the ones they may edit.
 */
export const poolPolicyReadRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.get('/api/pool-policy', { onRequest: requireSignedIn, schema: { response: { 200: PoolPolicyViewSchema } } }, async (req) => {
    const actor = await req.actor();
    const manager = actor.role === 'manager';
    const [policies, active, teams] = await Promise.all([
      loadPoolPolicies(pool),
      pool.query<{ n: number }>(
        `select count(*)::int as n from lead_pool_v1 where claimed_by = $1 and status in ('claimed', 'contacted', 'qualified')`, [actor.id]),
      manager ? pool.query<TeamRow>('select id, name, manager_id from teams_v1 order by name, id') : Promise.resolve({ rows: [] as TeamRow[] }),
    ]);
    const effective = poolPolicyFor(policies, actor.teamId);
    const teamName = effective.teamId === null ? null
      : teams.rows.find((t) => t.id === effective.teamId)?.name
        ?? (await pool.query<{ name: string }>('select name from teams_v1 where id = $1', [effective.teamId])).rows[0]?.name ?? null;
    const scoped = [effective, ...(manager ? [policies.floor, ...Object.values(policies.teams)] : [])];
    const { rows: names } = await pool.query<{ id: number; full_name: string }>(
      'select id, full_name from users_v1 where id = any($1)', [[...new Set(scoped.map((p) => p.updatedBy).filter((id) => id !== null))]]);
    const nameOf = new Map(names.map((n) => [n.id, n.full_name]));
    const view = ({ updatedBy, ...p }: ScopedPoolPolicy): ScopedPoolPolicyView =>
      ({ ...p, updatedByName: updatedBy === null ? null : nameOf.get(updatedBy) ?? null });
    return {
      version: policies.version,
      effective: { ...view(effective), source: effective.source, teamId: effective.teamId, teamName },
      activeClaims: active.rows[0]?.n ?? 0,
      floor: manager ? view(policies.floor) : null,
      teams: teams.rows.map((t) => ({
        teamId: t.id, teamName: t.name,
        override: policies.teams[t.id] ? view(policies.teams[t.id]!) : null,
        canEdit: manager && (actor.teamId === t.id || t.manager_id === actor.id),
      })),
      canEditFloor: manager,
      actedOn: { distribution: ['first_come' as const, 'round_robin' as const, 'weighted' as const] },
    };
  });
};
