import type { ApplicationEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { evolveApplication, initialApplicationState, type ApplicationCommand, type JobFacts } from './application';
import { decideApplication } from './decide-application';

const at = '2026-03-01T10:00:00.000Z';
// Owen (5) owns job 9; Cleo (7) applies; Ian (8) is another agent; Max (1) a manager.
const owen: Actor = { id: 5, role: 'agent', teamId: 3 };
const cleo: Actor = { id: 7, role: 'agent', teamId: 3 };
const ian: Actor = { id: 8, role: 'agent', teamId: 3 };
const max: Actor = { id: 1, role: 'manager', teamId: null };
const job: JobFacts = { id: 9, ownerId: 5, status: 'active', title: 'Solar closer' };

const base = { applicationId: 40, jobId: 9, closerId: 7, jobOwnerId: 5, jobTitle: 'Solar closer' };
const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: {
    ...base, experience: 'Five years of solar', message: 'Hire me', linkedinProfile: null, availableHoursPerWeek: 30,
    availableStartDate: '2026-04-01', availableDays: ['monday', 'tuesday'], fileUploads: [], at,
  },
};
const moved = (from: string, to: string, feedback: string | null = null, reason: 'withdrawn_by_applicant' | null = null): ApplicationEvent =>
  ({ type: 'ApplicationStatusChanged', data: { ...base, from, to, reason, feedback, at } } as ApplicationEvent);

const stateOf = (events: ApplicationEvent[]) => events.reduce(evolveApplication, initialApplicationState());
const given = (...events: ApplicationEvent[]) => ({
  when: (c: ApplicationCommand) => ({
    then: (expected: ApplicationEvent[]) => expect(decideApplication(c, stateOf(events))).toEqual(expected),
    thenRefuses: (kind: string, code: string) => expect(() => decideApplication(c, stateOf(events))).toThrow(expect.objectContaining({ kind, code })),
  }),
});
const apply = (actor: Actor, facts: JobFacts = job): ApplicationCommand => ({
  type: 'SubmitApplication',
  data: {
    applicationId: 40, experience: 'Five years of solar', message: 'Hire me', linkedinProfile: null, availableHoursPerWeek: 30,
    availableStartDate: '2026-04-01', availableDays: ['monday', 'tuesday'], fileIds: [],
  },
  meta: { now: at, actor, job: facts, files: {} },
});
const decide = (actor: Actor, status: 'pending' | 'reviewing' | 'accepted' | 'rejected', expectedVersion: number, feedback?: string | null): ApplicationCommand =>
  ({ type: 'ChangeApplicationStatus', data: { status, feedback, expectedVersion }, meta: { now: at, actor } });
const withdraw = (actor: Actor = cleo, expectedVersion?: number): ApplicationCommand => ({ type: 'WithdrawApplication', data: { expectedVersion }, meta: { now: at, actor } });

describe('application decider: applying', () => {
  it("applies to an active job as the signed-in closer, naming the job's owner and title", () => {
    given().when(apply(cleo)).then([submitted]);
  });

  it("refuses a draft (404), a closed or filled job, one's own job, a second application on the stream", () => {
    given().when(apply(cleo, null)).thenRefuses('NotFound', 'job.not_found');
    given().when(apply(cleo, { ...job!, status: 'draft' })).thenRefuses('NotFound', 'job.not_found');
    given().when(apply(cleo, { ...job!, status: 'closed' })).thenRefuses('RuleViolation', 'job.not_open');
    given().when(apply(cleo, { ...job!, status: 'filled' })).thenRefuses('RuleViolation', 'job.not_open');
    given().when(apply(owen)).thenRefuses('RuleViolation', 'application.own_job');
    given(submitted).when(apply(cleo)).thenRefuses('RuleViolation', 'application.exists');
  });
});

describe('application decider: decisions', () => {
  it("lets the job's owner and a manager move it at the version they saw", () => {
    given(submitted).when(decide(owen, 'reviewing', 1)).then([moved('pending', 'reviewing')]);
    given(submitted).when(decide(max, 'accepted', 1, 'Welcome aboard')).then([moved('pending', 'accepted', 'Welcome aboard')]);
    given(submitted, moved('pending', 'accepted')).when(decide(owen, 'rejected', 2, '  Filled elsewhere ')).then([moved('accepted', 'rejected', 'Filled elsewhere')]);
  });

  it('answers a stale version with a conflict: of two reviewers deciding at once, the second loses', () => {
    const first = moved('pending', 'accepted');
    given(submitted).when(decide(owen, 'accepted', 1)).then([first]);
    given(submitted, first).when(decide(max, 'rejected', 1)).thenRefuses('VersionConflict', 'application.stale');
  });

  it('does nothing when neither status nor feedback changes', () => {
    given(submitted, moved('pending', 'reviewing')).when(decide(owen, 'reviewing', 2)).then([]);
    given(submitted, moved('pending', 'reviewing', 'ok')).when(decide(owen, 'reviewing', 2, 'ok')).then([]);
  });

  it('keeps the applicant and everyone else from deciding', () => {
    given(submitted).when(decide(cleo, 'accepted', 1)).thenRefuses('Forbidden', 'application.not_reviewer');
    given(submitted).when(decide(ian, 'accepted', 1)).thenRefuses('Forbidden', 'application.not_reviewer');
    given().when(decide(owen, 'accepted', 0)).thenRefuses('NotFound', 'application.not_found');
  });

  it('never lets a manager decide their own application to another\'s job', () => {
    const byMax: ApplicationEvent = { ...submitted, data: { ...submitted.data, closerId: 1 } } as ApplicationEvent;
    given(byMax).when(decide(max, 'accepted', 1)).thenRefuses('Forbidden', 'application.not_reviewer');
    given(byMax).when(decide(owen, 'accepted', 1)).then([{ ...moved('pending', 'accepted'), data: { ...moved('pending', 'accepted').data, closerId: 1 } } as ApplicationEvent]);
  });
});

describe('application decider: withdrawing', () => {
  const withdrawn = moved('pending', 'rejected', null, 'withdrawn_by_applicant');

  it('lets the applicant withdraw from pending or reviewing: rejected, reason withdrawn_by_applicant', () => {
    given(submitted).when(withdraw()).then([withdrawn]);
    given(submitted, moved('pending', 'reviewing')).when(withdraw()).then([moved('reviewing', 'rejected', null, 'withdrawn_by_applicant')]);
  });

  it('refuses a withdrawal once accepted or rejected, and by anyone but the applicant', () => {
    given(submitted, moved('pending', 'accepted')).when(withdraw()).thenRefuses('RuleViolation', 'application.not_withdrawable');
    given(submitted, moved('pending', 'rejected')).when(withdraw()).thenRefuses('RuleViolation', 'application.not_withdrawable');
    given(submitted).when(withdraw(owen)).thenRefuses('Forbidden', 'application.not_applicant');
    given(submitted).when(withdraw(max)).thenRefuses('Forbidden', 'application.not_applicant');
  });

  it('does nothing on a second withdrawal, and keeps reviewers from moving a withdrawn application', () => {
    given(submitted, withdrawn).when(withdraw()).then([]);
    given(submitted, withdrawn).when(decide(owen, 'accepted', 2)).thenRefuses('RuleViolation', 'application.withdrawn');
  });

  it('refuses a withdrawal against a stale version when one is given', () => {
    given(submitted, moved('pending', 'reviewing')).when(withdraw(cleo, 1)).thenRefuses('VersionConflict', 'application.stale');
  });
});
