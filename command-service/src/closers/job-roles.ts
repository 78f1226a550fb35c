import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { loadState } from '../shared/load-state';
import { evolveApplication, initialApplicationState, oneApplicationKey, type ApplicationStatus } from './application';
import { loadJob } from './closer-facts';

/**
 * Who a job's people are, as the hub's own streams have them (never behind a read model), for
 * commands of other areas that depend on them (the academy: who owns a job's training, who is
 * an accepted closer of it).
 * - `ownerOf`: the job's owner, or null when there is no such job.
 * - `applicationOf`: a user's application to a job and its status (the one-per-closer key points
 *   at its stream), or null when they never applied. Accepted: `status === 'accepted'`.
 */
export function createJobRoles(pool: Pool, store: EventStore) {
  return {
    async ownerOf(jobId: number): Promise<{ ownerId: number; status: 'draft' | 'active' | 'closed' | 'filled'; title: string } | null> {
      const job = await loadJob(store, jobId);
      return job && { ownerId: job.ownerId, status: job.status, title: job.title };
    },
    async applicationOf(jobId: number, userId: number): Promise<{ applicationId: number; status: ApplicationStatus; withdrawn: boolean } | null> {
      const { scope, key } = oneApplicationKey(jobId, userId);
      const { rows } = await pool.query<{ stream_id: string }>('select stream_id from unique_keys where scope = $1 and key = $2', [scope, key]);
      if (!rows[0]) return null;
      const { state } = await loadState(store, { initialState: initialApplicationState, evolve: evolveApplication }, rows[0].stream_id);
      return state.exists ? { applicationId: state.id, status: state.status, withdrawn: state.reason === 'withdrawn_by_applicant' } : null;
    },
  };
}
export type JobRoles = ReturnType<typeof createJobRoles>;
