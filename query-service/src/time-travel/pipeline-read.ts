import type { Lead } from '@leadfloor/contracts';
import { LeadStageSchema } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { readLivePool } from '../leads/lead-read-routes';
import type { LeadListParams } from '../leads/lead-list-sql';
import { poolAsOf } from './pool-as-of';

const STAGES: Lead['stage'][] = LeadStageSchema.options;

/**
 * The pipeline's five stage columns, each the pool's first page with the column's stage as
 * its filter: as it is now (`at` null), or as it was at `at`. The columns are read at once,
 * each on a connection of its own.
 */
export async function readPipeline(pool: Pool, q: Omit<LeadListParams, 'stageFilter' | 'cursor'>, actorId: number, o: { at: Date | null; now: Date }) {
  return Promise.all(STAGES.map(async (stage) => {
    const column: LeadListParams = { ...q, stageFilter: stage, cursor: undefined };
    const page = o.at ? await poolAsOf(pool, column, actorId, o.at) : await readLivePool(pool, column, actorId, o.now);
    return { stage, total: page.total, leads: page.leads, nextCursor: page.nextCursor };
  }));
}
