import type { JobEvent, JobFields } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation, VersionConflict } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import type { Actor } from '../leads/commands';
import { evolveJob, initialJobState, managesJob, type Job, type JobCommand, type JobState, type UploadedFiles } from './job';

type Fields = Partial<Omit<JobFields, 'fileUploads'>>;

/**
 * The job's rules that hold whatever the HTTP edge checked: money in whole, non-negative cents,
 * a commission rate of 0-100, a video only over https, a title and the other required text.
 */
function checkFields(f: Fields) {
  for (const k of ['title', 'description', 'companyName', 'productName', 'location'] as const) {
    if (f[k] !== undefined && f[k].trim().length === 0) throw new RuleViolation('job.field_empty', `The job's ${k} cannot be empty.`, { field: k });
  }
  for (const k of ['salesPrice', 'annualSales'] as const) {
    const v = f[k];
    if (v != null && (!Number.isSafeInteger(v) || v < 0)) throw new RuleViolation('job.money_not_cents', `${k} must be whole, non-negative cents.`, { field: k });
  }
  if (f.commissionRate !== undefined && !(f.commissionRate >= 0 && f.commissionRate <= 100)) {
    throw new RuleViolation('job.commission_rate_range', 'The commission rate is a percentage from 0 to 100.', { field: 'commissionRate' });
  }
  if (f.videoUrl != null && !/^https:\/\//i.test(f.videoUrl)) {
    throw new RuleViolation('job.video_not_https', 'A video must be an https:// address.', { field: 'videoUrl' });
  }
}

/** The files named, each uploaded by the actor (nobody attaches someone else's upload). */
export function ownFiles(ids: string[], files: UploadedFiles, actor: Actor) {
  return ids.map((id) => {
    const f = files[id];
    if (!f || f.uploadedBy !== actor.id) throw new RuleViolation('closers.file_not_found', 'One of the files was not uploaded by you (or does not exist).', { fileId: id });
    return f.ref;
  });
}

function checkVersion(expected: number | undefined, s: Job) {
  if (expected !== undefined && expected !== s.version) {
    throw new VersionConflict('job.stale', 'The job changed since you loaded it; reload and try again.', { version: s.version, status: s.status });
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideJob(c: JobCommand, s: JobState): JobEvent[] {
  const at = c.meta.now;
  if (c.type === 'PostJob') {
    if (s.exists) throw new RuleViolation('job.exists', 'This job was already posted.');
    checkFields(c.data.fields);
    const fileUploads = ownFiles(c.data.fileIds, c.meta.files, c.meta.actor);
    return [{ type: 'JobPosted', data: { jobId: c.data.jobId, ownerId: c.meta.actor.id, fields: { ...c.data.fields, fileUploads }, at } }];
  }
  // A draft is its owner's (and the managers') alone: to anyone else it does not exist.
  if (!s.exists || (s.status === 'draft' && !managesJob(c.meta.actor, s))) throw new NotFound('job.not_found', 'No such job.');
  if (!managesJob(c.meta.actor, s)) throw new Forbidden('job.not_owner', "Only the job's owner (or a manager) can change it.");
  checkVersion(c.data.expectedVersion, s);
  const id = s.id;
  switch (c.type) {
    case 'EditJob': {
      checkFields(c.data.changes);
      const changes: Partial<JobFields> = {};
      for (const [k, v] of Object.entries(c.data.changes) as [keyof Fields, unknown][]) {
        if (v !== undefined && !sameValue(v, s.fields[k])) (changes as Record<string, unknown>)[k] = v;
      }
      if (c.data.fileIds !== undefined) {
        // Files already on the job stay allowed (a manager may keep the owner's files).
        const kept = new Map(s.fields.fileUploads.map((f) => [f.id, f]));
        const refs = c.data.fileIds.map((fid) => kept.get(fid) ?? ownFiles([fid], c.meta.files, c.meta.actor)[0]!);
        if (!sameValue(refs, s.fields.fileUploads)) changes.fileUploads = refs;
      }
      return Object.keys(changes).length === 0 ? [] : [{ type: 'JobEdited', data: { jobId: id, changes, at } }];
    }
    case 'PublishJob':
      if (s.status === 'active') return [];
      if (s.status !== 'draft') throw new RuleViolation('job.not_draft', `The job is ${s.status}: reopen it instead.`, { status: s.status });
      return [{ type: 'JobPublished', data: { jobId: id, at } }];
    case 'CloseJob':
      if (s.status === 'closed') return [];
      if (s.status !== 'active') throw new RuleViolation('job.not_active', `Only an active job can be closed; this one is ${s.status}.`, { status: s.status });
      return [{ type: 'JobClosed', data: { jobId: id, at } }];
    case 'FillJob':
      if (s.status === 'filled') return [];
      if (s.status === 'draft') throw new RuleViolation('job.not_published', 'A draft cannot be filled: publish it first.', { status: s.status });
      return [{ type: 'JobFilled', data: { jobId: id, at } }];
    case 'ReopenJob':
      if (s.status === 'active') return [];
      if (s.status === 'draft') throw new RuleViolation('job.not_published', 'A draft is opened by publishing it.', { status: s.status });
      return [{ type: 'JobReopened', data: { jobId: id, from: s.status, at } }];
  }
}

export const jobAggregate: Aggregate<JobState, JobCommand, JobEvent> = {
  streamType: 'job', initialState: initialJobState, evolve: evolveJob, decide: decideJob,
};
