import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { loadState } from '../shared/load-state';
import { applicationStream, type JobFacts } from './application';
import type { ThreadOf } from './application-thread';
import { jobAggregate } from './decide-job';
import { initialApplicationState, evolveApplication } from './application';
import { jobStream, type UploadedFiles } from './job';

export const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });

/** The files a request names, as the upload table has them (missing ones are null). */
export async function loadFiles(pool: Pool, ids: string[] | undefined): Promise<UploadedFiles> {
  const files: UploadedFiles = {};
  if (!ids || ids.length === 0) return files;
  for (const id of ids) files[id] = null;
  const { rows } = await pool.query<{ id: string; uploaded_by: number; name: string; content_type: string; size: number }>(
    'select id, uploaded_by, name, content_type, size from closer_files where id = any($1::uuid[])', [ids]);
  for (const r of rows) files[r.id] = { ref: { id: r.id, name: r.name, contentType: r.content_type, size: r.size }, uploadedBy: r.uploaded_by };
  return files;
}

/** The job as its own stream has it (a job posted a moment ago is there before any read model has it). */
export async function loadJob(store: EventStore, jobId: number): Promise<JobFacts> {
  const { state } = await loadState(store, jobAggregate, jobStream(jobId));
  return state.exists ? { id: state.id, ownerId: state.ownerId, status: state.status, title: state.fields.title } : null;
}

/** The application a message or note goes on, as its stream has it. */
export async function loadThread(store: EventStore, applicationId: number): Promise<ThreadOf> {
  const { state } = await loadState(store, { initialState: initialApplicationState, evolve: evolveApplication }, applicationStream(applicationId));
  return state.exists ? { id: state.id, jobId: state.jobId, closerId: state.closerId, jobOwnerId: state.jobOwnerId, jobTitle: state.jobTitle } : null;
}

/** A sender as the users' read model names them (the answer to a posted message shows who wrote it). */
export async function loadPerson(pool: Pool, userId: number) {
  const { rows } = await pool.query<{ full_name: string; avatar_url: string | null }>('select full_name, avatar_url from users_v1 where id = $1', [userId]);
  return { name: rows[0]?.full_name ?? `User ${userId}`, avatarUrl: rows[0]?.avatar_url ?? null };
}

