import { PoolPolicyBodySchema, PoolPolicyWriteResponseSchema, TeamIdParamsSchema } from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import { loadTeam } from '../shared/team-lookup';
import { POOL_POLICY_STREAM, poolPolicyAggregate } from './pool-policy';

export type PoolPolicyRouteDeps = { pool: Pool; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const problems = {
  403: "Only a manager changes the floor's rules, and only a manager of a team its override (pool_policy.manager_only, pool_policy.not_your_team).",
  404: 'No such team (team.not_found).',
  409: 'The rules changed since the editor loaded them (pool_policy.changed).',
} as const;

/**
 * The floor's pool rules (GET is the gateway's): PUT sets the floor's rules or, with `teamId`, a
 * team's override; DELETE of a team's override puts the team back on the floor's rules. Each
 * change is one event on the policy stream; its version is the policy's version.
 */
export const poolPolicyRoutes: FastifyPluginAsyncZod<PoolPolicyRouteDeps> = async (app, { pool, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.put('/api/pool-policy', {
    schema: { body: PoolPolicyBodySchema, response: { 200: PoolPolicyWriteResponseSchema }, problems: { ...problems, 400: 'A rule out of range, a warning longer than the period, an agent weighted twice, or a weight for nobody (unknown_user).' } },
  }, async (req) => {
    const actor = await req.actor();
    const { teamId = null, expectedVersion, ...rules } = req.body;
    if (rules.weights.length > 0) {
      const ids = rules.weights.map((w) => w.userId);
      const { rows } = await pool.query<{ id: number }>('select id from users_v1 where id = any($1)', [ids]);
      const known = new Set(rows.map((r) => r.id));
      const missing = rules.weights.findIndex((w) => !known.has(w.userId));
      if (missing >= 0) throw new ApiError(400, 'unknown_user', 'No such agent to weight.', { field: `weights.${missing}.userId` });
    }
    const team = teamId === null ? undefined : await loadTeam(pool, teamId);
    const out = await handle(poolPolicyAggregate, POOL_POLICY_STREAM, {
      type: 'SetPoolPolicy', data: { teamId, rules, expectedVersion }, meta: { now: now().toISOString(), actor: asActor(actor), team },
    }, requestContext(req, actor));
    return { version: out.version };
  });

  app.delete('/api/pool-policy/teams/:teamId', {
    schema: { params: TeamIdParamsSchema, response: { 200: PoolPolicyWriteResponseSchema }, problems },
  }, async (req) => {
    const actor = await req.actor();
    const { teamId } = req.params;
    const out = await handle(poolPolicyAggregate, POOL_POLICY_STREAM, {
      type: 'RemovePoolPolicyOverride', data: { teamId }, meta: { now: now().toISOString(), actor: asActor(actor), team: await loadTeam(pool, teamId) },
    }, requestContext(req, actor));
    return { version: out.version };
  });
};
