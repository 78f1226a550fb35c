import { trainingAccess, type JobEvent } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { loadState } from '../shared/load-state';
import type { LearnerAccess } from './learner';
import type { Training, TrainingJob } from './training';

type JobFold = { owner: number; title: string; companyName: string } | null;

/** The closers hub's job stream, read only for what a training needs: its owner and names. */
const jobFold = {
  initialState: (): JobFold => null,
  evolve(s: JobFold, e: JobEvent): JobFold {
    if (e.type === 'JobPosted') return { owner: e.data.ownerId, title: e.data.fields.title, companyName: e.data.fields.companyName };
    if (s && e.type === 'JobEdited') return { ...s, title: e.data.changes.title ?? s.title, companyName: e.data.changes.companyName ?? s.companyName };
    return s;
  },
};

/** The job as its own stream has it (a job posted a moment ago is there before any read model has it). */
export async function loadJob(store: EventStore, jobId: number): Promise<TrainingJob> {
  const { state } = await loadState(store, jobFold, `job-${jobId}`);
  return state ? { id: jobId, ownerId: state.owner, title: state.title, companyName: state.companyName } : null;
}

/** Whether the user's application to the job stands accepted (the academy's own enrolments read model). */
export async function isAcceptedCloser(pool: Pool, jobId: number, userId: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    "select 1 from academy_enrollments_v1 where job_id = $1 and closer_id = $2 and status = 'accepted' limit 1", [jobId, userId]);
  return (rowCount ?? 0) > 0;
}

export async function accessOf(pool: Pool, job: TrainingJob, training: Training, userId: number): Promise<LearnerAccess> {
  if (!job) return null;
  const accepted = job.ownerId !== userId && (await isAcceptedCloser(pool, job.id, userId));
  return trainingAccess({ userId, ownerId: job.ownerId, accepted, previewOpen: training.exists && training.previewOpen });
}

