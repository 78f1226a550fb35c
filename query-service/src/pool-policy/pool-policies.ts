import { defaultPoolPolicyRules, initialPoolPolicies, type PoolPolicies, type ScopedPoolPolicy } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/** The floor's pool rules as the read model has them (the defaults before any was set). */
export async function loadPoolPolicies(pool: Pool): Promise<PoolPolicies> {
  const { rows } = await pool.query<{ policies: PoolPolicies }>(`select policies from "pool_policies_v1" where id = 'pool'`);
  const stored = rows[0]?.policies;
  if (!stored) return initialPoolPolicies();
  // A row folded before a rule existed (offerTimeoutMinutes) reads with that rule's default, as its events do.
  const filled = (p: ScopedPoolPolicy): ScopedPoolPolicy => ({ ...defaultPoolPolicyRules, ...p });
  return { ...stored, floor: filled(stored.floor), teams: Object.fromEntries(Object.entries(stored.teams).map(([k, t]) => [k, filled(t)])) };
}
