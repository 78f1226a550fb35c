import { initialPoolPolicies, type PoolPolicies } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/** The floor's pool rules as the read model has them (the defaults before any was set). */
export async function loadPoolPolicies(pool: Pool): Promise<PoolPolicies> {
  const { rows } = await pool.query<{ policies: PoolPolicies }>(`select policies from "pool_policies_v1" where id = 'pool'`);
  return rows[0]?.policies ?? initialPoolPolicies();
}
