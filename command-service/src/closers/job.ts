import type { JobEvent, JobFields } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import type { Actor } from '../leads/commands';

export type JobStatus = 'draft' | 'active' | 'closed' | 'filled';
export type Job = {
  id: number; ownerId: number; status: JobStatus; fields: JobFields;
  createdAt: string; publishedAt: string | null;
  /** Events on the stream: a client's `expectedVersion` is compared with it. */
  version: number;
};
export type JobState = { exists: false; version: number } | ({ exists: true } & Job);

type Meta = { now: string; actor: Actor };
/** Files named by id in a request, as the file table has them (null: no such file). */
export type UploadedFiles = Record<string, { ref: JobFields['fileUploads'][number]; uploadedBy: number } | null>;

/** `fileIds` are resolved by the route into `files` (the decider checks they are the actor's). */
export type PostJob = {
  type: 'PostJob'; data: { jobId: number; fields: Omit<JobFields, 'fileUploads'>; fileIds: string[] }; meta: Meta & { files: UploadedFiles };
};
export type EditJob = {
  type: 'EditJob';
  data: { changes: Partial<Omit<JobFields, 'fileUploads'>>; fileIds?: string[]; expectedVersion?: number };
  meta: Meta & { files: UploadedFiles };
};
export type JobTransition = { type: 'PublishJob' | 'CloseJob' | 'FillJob' | 'ReopenJob'; data: { expectedVersion?: number }; meta: Meta };
export type JobCommand = PostJob | EditJob | JobTransition;

export const initialJobState = (): JobState => ({ exists: false, version: 0 });

export function evolveJob(s: JobState, e: JobEvent): JobState {
  const version = s.version + 1;
  if (e.type === 'JobPosted') {
    const d = e.data;
    return { exists: true, id: d.jobId, ownerId: d.ownerId, status: 'draft', fields: d.fields, createdAt: d.at, publishedAt: null, version };
  }
  if (!s.exists) return { ...s, version };
  switch (e.type) {
    case 'JobEdited': return { ...s, fields: { ...s.fields, ...e.data.changes }, version };
    case 'JobPublished': return { ...s, status: 'active', publishedAt: s.publishedAt ?? e.data.at, version };
    case 'JobClosed': return { ...s, status: 'closed', version };
    case 'JobFilled': return { ...s, status: 'filled', version };
    case 'JobReopened': return { ...s, status: 'active', version };
  }
}

/** Owner of the job, or a manager: may edit it, move it through its lifecycle and review its applications. */
export const managesJob = (actor: Actor, job: Pick<Job, 'ownerId'>) => actor.id === job.ownerId || actor.role === 'manager';

export const jobStream = (id: number) => streamIdOf('job', id);
