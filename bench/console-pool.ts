import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { insertLeadHistories } from './bulk-histories';
import { sleep } from './stats';

/** How the 100,000-lead pool is made: most leads wait in the pool, some are being worked. */
export const POOL_SHAPE = { available: 98_000, worked: 2_000, workedHistory: 8 } as const;
export const POOL_SIZE = POOL_SHAPE.available + POOL_SHAPE.worked;

/**
 * Writes the pool straight into the log (bench/bulk-histories.ts: valid events, contiguous
 * versions), then waits until the lead pool shows every lead and every read model and process
 * manager has caught up, so nothing is still busy projecting while the console is measured.
 * The worked leads (claimed, scored, tagged, contacted, qualified, in discovery or proposal) are
 * held by `agentId`: the agent the console signs in as sees leads of their own.
 */
export async function seedLeadPool(databaseUrl: string, agentId: number, o: { log(m: string): void; signal: AbortSignal }): Promise<{ seconds: number; caughtUp: boolean }> {
  const pool: Pool = createPool(databaseUrl, { max: 2, applicationName: 'lf-bench-console-pool' });
  const t0 = Date.now();
  try {
    const db = await pool.connect();
    try {
      const startedAt = new Date(Date.now() - 30 * 86_400_000);
      const { rows } = await db.query<{ last: string | null }>(`select last_id::text as last from entity_ids where kind = 'lead'`);
      let next = Number(rows[0]?.last ?? 0) + 1;
      // In slices, so no one transaction holds the log's readers back for long.
      const write = async (count: number, length: number) => {
        const slice = Math.floor(20_000 / length);
        for (let done = 0; done < count && !o.signal.aborted; done += slice) {
          const n = Math.min(slice, count - done);
          await insertLeadHistories(db, { firstId: next, lastId: next + n - 1, agentIds: [agentId], fixedLength: length, startedAt });
          next += n;
        }
      };
      await write(POOL_SHAPE.available, 1);
      await write(POOL_SHAPE.worked, POOL_SHAPE.workedHistory);
    } finally {
      db.release();
    }
    o.log(`wrote ${POOL_SIZE.toLocaleString('en-US')} leads into the log; waiting for the read models`);
    for (const deadline = Date.now() + 15 * 60_000; ; await sleep(1_000)) {
      if (o.signal.aborted) throw new Error('interrupted');
      const { rows } = await pool.query<{ n: string }>('select count(*) as n from lead_pool_v1');
      if (Number(rows[0]!.n) >= POOL_SIZE) break;
      if (Date.now() > deadline) throw new Error(`the lead pool showed ${rows[0]!.n} of ${POOL_SIZE} leads after 15 min`);
    }
    let caughtUp = false;
    for (const deadline = Date.now() + 10 * 60_000; !caughtUp && Date.now() < deadline && !o.signal.aborted; await sleep(1_000)) {
      const { rows } = await pool.query<{ behind: string }>(
        `select count(*) as behind from checkpoints where global_position < (select coalesce(max(global_position), 0) from events)`);
      caughtUp = Number(rows[0]!.behind) === 0;
    }
    return { seconds: Math.round((Date.now() - t0) / 1000), caughtUp };
  } finally {
    await pool.end();
  }
}
