import type { ApplicationEvent } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation, VersionConflict } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import {
  evolveApplication, initialApplicationState, reviews, type Application, type ApplicationCommand, type ApplicationState,
  type SubmitApplication,
} from './application';
import { ownFiles } from './decide-job';

const WITHDRAWABLE = new Set(['pending', 'reviewing']);

function submit(c: SubmitApplication, s: ApplicationState): ApplicationEvent[] {
  const { actor, job, now: at } = c.meta;
  // A draft is not on the board: applying to one is applying to nothing.
  if (!job || job.status === 'draft') throw new NotFound('job.not_found', 'No such job.');
  if (job.status !== 'active') throw new RuleViolation('job.not_open', `This job is ${job.status} and takes no applications.`, { status: job.status });
  if (job.ownerId === actor.id) throw new RuleViolation('application.own_job', 'You cannot apply to your own job.');
  if (s.exists) throw new RuleViolation('application.exists', 'This application was already made.');
  const d = c.data;
  if (d.experience.trim() === '' || d.message.trim() === '') throw new RuleViolation('application.incomplete', 'Say something about your experience and write a message.');
  if (!(Number.isInteger(d.availableHoursPerWeek) && d.availableHoursPerWeek >= 1 && d.availableHoursPerWeek <= 168)) {
    throw new RuleViolation('application.hours_range', 'Available hours per week are 1 to 168.');
  }
  return [{
    type: 'ApplicationSubmitted',
    data: {
      applicationId: d.applicationId, jobId: job.id, closerId: actor.id, jobOwnerId: job.ownerId, jobTitle: job.title,
      experience: d.experience, message: d.message, linkedinProfile: d.linkedinProfile, availableHoursPerWeek: d.availableHoursPerWeek,
      availableStartDate: d.availableStartDate, availableDays: d.availableDays, fileUploads: ownFiles(d.fileIds, c.meta.files, actor), at,
    },
  }];
}

const stale = (a: Application) =>
  new VersionConflict('application.stale', 'The application changed since you loaded it (someone else may have decided): reload it.', { status: a.status, version: a.version });

/**
 * An application: one per closer and job (the route claims the key in the same append), moved
 * between pending, reviewing, accepted and rejected by the job's owner or a manager, always at
 * the version they saw (two reviewers at once: one wins, the other 409). The applicant may
 * withdraw it from pending or reviewing: rejected, reason `withdrawn_by_applicant`, final.
 */
export function decideApplication(c: ApplicationCommand, s: ApplicationState): ApplicationEvent[] {
  if (c.type === 'SubmitApplication') return submit(c, s);
  const { actor, now: at } = c.meta;
  if (!s.exists) throw new NotFound('application.not_found', 'No such application.');
  const base = { applicationId: s.id, jobId: s.jobId, closerId: s.closerId, jobOwnerId: s.jobOwnerId, jobTitle: s.jobTitle };
  if (c.type === 'WithdrawApplication') {
    if (actor.id !== s.closerId) throw new Forbidden('application.not_applicant', 'Only the applicant can withdraw an application.');
    if (c.data.expectedVersion !== undefined && c.data.expectedVersion !== s.version) throw stale(s);
    if (s.reason === 'withdrawn_by_applicant') return [];
    if (!WITHDRAWABLE.has(s.status)) {
      throw new RuleViolation('application.not_withdrawable', `An application can be withdrawn while pending or in review; this one is ${s.status}.`, { status: s.status });
    }
    return [{ type: 'ApplicationStatusChanged', data: { ...base, from: s.status, to: 'rejected', reason: 'withdrawn_by_applicant', feedback: null, at } }];
  }
  if (!reviews(actor, s)) {
    throw new Forbidden('application.not_reviewer', "Only the job's owner (or a manager) can change an application's status.");
  }
  if (s.reason === 'withdrawn_by_applicant') throw new RuleViolation('application.withdrawn', 'The applicant withdrew this application.');
  if (c.data.expectedVersion !== s.version) throw stale(s);
  const feedback = c.data.feedback === undefined ? s.feedback : c.data.feedback === null || c.data.feedback.trim() === '' ? null : c.data.feedback.trim();
  if (c.data.status === s.status && feedback === s.feedback) return [];
  return [{ type: 'ApplicationStatusChanged', data: { ...base, from: s.status, to: c.data.status, reason: null, feedback, at } }];
}

export const applicationAggregate: Aggregate<ApplicationState, ApplicationCommand, ApplicationEvent> = {
  streamType: 'application', initialState: initialApplicationState, evolve: evolveApplication, decide: decideApplication,
};
