import type { RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { tablesHash } from '@leadfloor/infra/projections/tables';
import type { Projection } from '@leadfloor/infra/projections/types';

/**
 * Applies `batches` to a projection in order, each as the runner hands it over (only the
 * events it handles), and answers its tables' ordered hash: what "applying twice changes
 * nothing" and "incremental equals rebuild" compare.
 */
export async function appliedHash(pool: Pool, p: Projection, ...batches: RecordedEvent[][]) {
  const c = await pool.connect();
  try {
    for (const batch of batches) await p.apply(c, batch.filter((e) => p.handles.includes(e.type)), p.tables);
    return await tablesHash(c, p.tables);
  } finally {
    c.release();
  }
}
