import type { ApplicationEvent, JobFields } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import type { JobStatus, UploadedFiles } from './job';

export type ApplicationStatus = 'pending' | 'reviewing' | 'accepted' | 'rejected';
export type StatusReason = 'withdrawn_by_applicant' | null;
export type Application = {
  id: number; jobId: number; closerId: number; jobOwnerId: number; jobTitle: string;
  status: ApplicationStatus; reason: StatusReason; feedback: string | null; submittedAt: string;
  /** Events on the stream: the reviewers' `expectedVersion` is compared with it. */
  version: number;
};
export type ApplicationState = { exists: false; version: number } | ({ exists: true } & Application);

/** The job applied to, as its own stream has it (null: no such job). */
export type JobFacts = { id: number; ownerId: number; status: JobStatus; title: string } | null;

type Meta = { now: string; actor: Actor };
export type SubmitApplication = {
  type: 'SubmitApplication';
  data: {
    applicationId: number; experience: string; message: string; linkedinProfile: string | null; availableHoursPerWeek: number;
    availableStartDate: string; availableDays: string[]; fileIds: string[];
  };
  meta: Meta & { job: JobFacts; files: UploadedFiles };
};
export type ChangeApplicationStatus = {
  type: 'ChangeApplicationStatus'; data: { status: ApplicationStatus; feedback?: string | null; expectedVersion: number }; meta: Meta;
};
export type WithdrawApplication = { type: 'WithdrawApplication'; data: { expectedVersion?: number }; meta: Meta };
export type ApplicationCommand = SubmitApplication | ChangeApplicationStatus | WithdrawApplication;

export const initialApplicationState = (): ApplicationState => ({ exists: false, version: 0 });

export function evolveApplication(s: ApplicationState, e: ApplicationEvent): ApplicationState {
  const version = s.version + 1;
  if (e.type === 'ApplicationSubmitted') {
    const d = e.data;
    return {
      exists: true, id: d.applicationId, jobId: d.jobId, closerId: d.closerId, jobOwnerId: d.jobOwnerId, jobTitle: d.jobTitle,
      status: 'pending', reason: null, feedback: null, submittedAt: d.at, version,
    };
  }
  if (!s.exists) return { ...s, version };
  if (e.type === 'ApplicationStatusChanged') {
    // A withdrawal leaves the reviewer's last feedback as it was.
    return { ...s, status: e.data.to, reason: e.data.reason, feedback: e.data.reason ? s.feedback : e.data.feedback, version };
  }
  return { ...s, version };
}

/** Who reviews an application: the job's owner, or a manager; never its applicant (a manager who applied is an applicant there). */
export const reviews = (actor: Actor, a: Pick<Application, 'jobOwnerId' | 'closerId'>) =>
  actor.id !== a.closerId && (actor.id === a.jobOwnerId || actor.role === 'manager');
/** The thread's two parties. */
export const isParty = (actor: Actor, a: Pick<Application, 'jobOwnerId' | 'closerId'>) => actor.id === a.jobOwnerId || actor.id === a.closerId;

export const applicationStream = (id: number) => streamIdOf('application', id);
/** One closer, one application per job: claimed with the submission's append, so two at once cannot both land. */
export const oneApplicationKey = (jobId: number, closerId: number) => ({ scope: 'job_application', key: `${jobId}:${closerId}` });
export type FileRef = JobFields['fileUploads'][number];
