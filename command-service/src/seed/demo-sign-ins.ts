import type { DemoAccount } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { DEMO_PASSWORD } from './demo-people';
import { usernameKey } from '../users/user-aggregate';

/** The sign-ins the sign-in screen offers on the demo floor (DESIGN.md, "Demo floor"), in its order. */
export const demoSignIns = [
  { username: 'demo', label: 'Agent · Pro level' },
  { username: 'lead', label: 'Team lead' },
  { username: 'manager', label: 'Sales manager' },
] as const;

/** The correlation id of every command the demo seed runs. */
export const DEMO_SEED_CORRELATION = 'demo-seed';

/**
 * The demo sign-ins that exist on this database because the demo seed made them (now or on an
 * earlier start), with their password: a floor the seed never ran on answers none, even if
 * someone registered a user named "demo" there. Reads the command side's username keys and
 * each account's first event, so it is right the moment the seed returns.
 */
export async function seededDemoSignIns(pool: Pool): Promise<DemoAccount[]> {
  const { rows } = await pool.query<{ key: string }>(
    `select k.key from unique_keys k
       join events e on e.stream_id = k.stream_id and e.stream_version = 1
      where k.scope = $1 and k.key = any($2::text[]) and e.metadata->>'correlationId' = $3`,
    [usernameKey('').scope, demoSignIns.map((a) => usernameKey(a.username).key), DEMO_SEED_CORRELATION],
  );
  const seeded = new Set(rows.map((r) => r.key));
  return demoSignIns.filter((a) => seeded.has(usernameKey(a.username).key)).map((a) => ({ ...a, password: DEMO_PASSWORD }));
}
