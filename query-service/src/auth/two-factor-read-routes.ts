import { TwoFactorPolicySchema, TwoFactorStatusQuerySchema, TwoFactorStatusSchema } from '@leadfloor/contracts';
import { twoFactorSetupRequired } from '@leadfloor/infra/auth/two-factor-gate';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type StatusRow = { enabled: boolean; enabled_at: Date | null; recovery_codes_left: number; version: number };
type PolicyRow = { two_factor_required: boolean; updated_at: Date; updated_by: number; by_name: string | null; version: number };

/** Waits (bounded) until `read` reflects at least `minVersion`: a command's answer, passed back, sees its own change. */
async function readAtLeast<R extends { version: number }>(read: () => Promise<R | undefined>, minVersion: number | undefined, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const row = await read();
    if ((row?.version ?? 0) >= (minVersion ?? 0) || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * GET /api/auth/two-factor: the signed-in user's second factor (never its secret or codes).
 * GET /api/auth/two-factor/policy: whether the floor requires one, who set that, and how many
 * people have one. Both take `minVersion`, the `version` a command answered.
 */
export const twoFactorReadRoutes: FastifyPluginAsyncZod<{ pool: Pool; readYourWritesMs?: number }> = async (app, { pool, readYourWritesMs = 2000 }) => {
  app.addHook('onRequest', requireSignedIn);

  const policyRow = async () => (await pool.query<PolicyRow>(
    `select p.two_factor_required, p.updated_at, p.updated_by, u.full_name as by_name, p.version
     from floor_policy_v1 p left join users_v1 u on u.id = p.updated_by where p.id = 'floor'`)).rows[0];

  app.get('/api/auth/two-factor', {
    schema: { querystring: TwoFactorStatusQuerySchema, response: { 200: TwoFactorStatusSchema } },
  }, async (req, reply) => {
    const actor = await req.actor();
    const row = await readAtLeast(async () => (await pool.query<StatusRow>(
      'select enabled, enabled_at, recovery_codes_left, version from user_two_factor_v1 where user_id = $1', [actor.id])).rows[0],
    req.query.minVersion, readYourWritesMs);
    const policy = await policyRow();
    reply.header('cache-control', 'no-store');
    return {
      enabled: row?.enabled ?? false,
      enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
      recoveryCodesLeft: row?.recovery_codes_left ?? 0,
      floorRequired: policy?.two_factor_required ?? false,
      // What the gate enforces right now (its marks are written with the append, not projected).
      setupRequired: await twoFactorSetupRequired(pool, actor.id),
      version: row?.version ?? 0,
    };
  });

  app.get('/api/auth/two-factor/policy', {
    schema: { querystring: TwoFactorStatusQuerySchema, response: { 200: TwoFactorPolicySchema } },
  }, async (req) => {
    const row = await readAtLeast(policyRow, req.query.minVersion, readYourWritesMs);
    const { rows: [coverage] } = await pool.query<{ enabled: number; total: number }>(
      `select count(t.user_id) filter (where t.enabled)::int as enabled, count(*)::int as total
       from users_v1 u left join user_two_factor_v1 t on t.user_id = u.id`);
    return {
      required: row?.two_factor_required ?? false,
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      updatedBy: row ? { id: row.updated_by, fullName: row.by_name ?? 'A manager' } : null,
      coverage: { enabled: coverage?.enabled ?? 0, total: coverage?.total ?? 0 },
      version: row?.version ?? 0,
    };
  });
};
