import type { Pool } from '../postgres/pool';

/** The stream holding a unique key in any of `scopes` (sign-in by username or email). */
export async function findStreamByKey(pool: Pool, scopes: string[], key: string): Promise<string | null> {
  const { rows } = await pool.query<{ stream_id: string }>(
    'select stream_id from unique_keys where scope = any($1) and key = $2 order by scope desc limit 1', [scopes, key]);
  return rows[0]?.stream_id ?? null;
}
