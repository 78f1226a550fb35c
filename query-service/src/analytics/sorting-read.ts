import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { QueryResultRow } from 'pg';

/**
 * A read whose medians and p90s sort up to a few hundred thousand values: with PostgreSQL's
 * default `work_mem` (4 MB) such sorts spill to disk. It runs in a read-only transaction of its
 * own with room to sort in memory; holding no transaction id, it never holds back the log's
 * readers.
 */
export async function sortingRead<R extends QueryResultRow>(pool: Pool, sql: string, params: unknown[]) {
  const c = await pool.connect();
  try {
    await c.query("begin read only; set local work_mem = '32MB'");
    const result = await c.query<R>(sql, params);
    await c.query('commit');
    return result;
  } catch (e) {
    await c.query('rollback').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}
