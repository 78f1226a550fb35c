import type { AssessmentQuestion, LearnerEvent, TrainingEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { decideLearner } from './decide-learner';
import { evolveLearner, initialLearner, type LearnerAccess, type LearnerCommand } from './learner';
import { evolveTraining, initialTraining, type Training } from './training';

const t0 = '2026-03-01T10:00:00.000Z';
const hoursLater = (h: number) => new Date(Date.parse(t0) + h * 3_600_000).toISOString();
const content = {
  companyInfo: 'SunCo installs panels.', productDetails: 'Panels.', questionsAndAnswers: '', negotiationAnalysis: '',
  callScripts: 'Open with savings.', desiredOutcome: '', pitchDeckUrl: null,
};
const q = (id: string, right: string): AssessmentQuestion => ({
  id, prompt: `${id}?`, kind: 'single', options: [{ id: `${id}a`, label: 'A' }, { id: `${id}b`, label: 'B' }], correctOptionIds: [right], explanation: null,
});
const rules = { description: '', section: null, passingScore: 70, maxAttempts: 2, cooldownHours: 24 };
const trainingOf = (...events: TrainingEvent[]): Training => events.reduce(evolveTraining, initialTraining());
const saved: TrainingEvent = { type: 'TrainingContentSaved', data: { trainingId: 12, jobId: 12, content, previewOpen: false, at: t0 } };
const basics = (version = 1, questions = [q('q1', 'q1b'), q('q2', 'q2a')]): TrainingEvent =>
  ({ type: 'AssessmentPublished', data: { trainingId: 12, assessmentId: 30, version, title: 'Basics', questions, ...rules, at: t0 } });
const objections: TrainingEvent = {
  type: 'AssessmentPublished', data: { trainingId: 12, assessmentId: 31, version: 1, title: 'Objections', questions: [q('q1', 'q1a')], ...rules, maxAttempts: null, cooldownHours: 0, at: t0 },
};
const training = trainingOf(saved, basics(), objections);

const graded = (assessmentId: number, attempt: number, score: number, at: string, extra: Partial<Extract<LearnerEvent, { type: 'AssessmentAttemptGraded' }>['data']> = {}): LearnerEvent => ({
  type: 'AssessmentAttemptGraded',
  data: {
    trainingId: 12, userId: 6, assessmentId, assessmentVersion: 1, attempt, answers: {}, score, passed: score >= 70, passingScore: 70,
    feedback: [], startedAt: null, at, ...extra,
  },
});

const attempt = (assessmentId: number, answers: Record<string, string[]>, now: string, opts: { access?: LearnerAccess; version?: number; on?: Training } = {}): LearnerCommand => ({
  type: 'SubmitAttempt',
  data: { assessmentId, assessmentVersion: opts.version ?? 1, answers, startedAt: null },
  meta: { now, userId: 6, training: opts.on ?? training, access: opts.access === undefined ? 'enrolled' : opts.access },
});
const given = (...events: LearnerEvent[]) => {
  const state = events.reduce(evolveLearner, initialLearner());
  return {
    when: (c: LearnerCommand) => ({
      decided: () => decideLearner(c, state),
      then: (expected: LearnerEvent[]) => expect(decideLearner(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string, details?: object) =>
        expect(() => decideLearner(c, state)).toThrow(expect.objectContaining({ kind, code, ...(details ? { details } : {}) })),
    }),
  };
};

describe('learner decider: attempts', () => {
  it('grades an attempt on the server, with its score, pass and feedback', () => {
    const [e] = given().when(attempt(30, { q1: ['q1b'], q2: ['q2b'] }, t0)).decided();
    expect(e).toMatchObject({ type: 'AssessmentAttemptGraded', data: { attempt: 1, score: 50, passed: false, assessmentVersion: 1 } });
    expect(e!.type === 'AssessmentAttemptGraded' && e!.data.feedback.map((f) => f.correct)).toEqual([true, false]);
  });

  it('lets only accepted closers take assessments', () => {
    given().when(attempt(30, {}, t0, { access: 'preview' })).thenRefuses('Forbidden', 'assessment.not_enrolled');
    given().when(attempt(30, {}, t0, { access: 'owner' })).thenRefuses('Forbidden', 'assessment.not_enrolled');
    given().when(attempt(30, {}, t0, { access: null })).thenRefuses('Forbidden', 'academy.no_access');
    given().when(attempt(99, {}, t0)).thenRefuses('NotFound', 'assessment.not_found');
  });

  it('waits out the cooldown after a failed attempt, and names when the next is allowed', () => {
    given(graded(30, 1, 50, t0)).when(attempt(30, {}, hoursLater(23))).thenRefuses('RuleViolation', 'assessment.cooling_down', { nextAttemptAt: hoursLater(24) });
    const [e] = given(graded(30, 1, 50, t0)).when(attempt(30, { q1: ['q1b'], q2: ['q2a'] }, hoursLater(24))).decided();
    expect(e).toMatchObject({ data: { attempt: 2, score: 100, passed: true } });
  });

  it('stops at maxAttempts, and after a pass', () => {
    given(graded(30, 1, 0, t0), graded(30, 2, 50, hoursLater(30))).when(attempt(30, {}, hoursLater(100)))
      .thenRefuses('RuleViolation', 'assessment.no_attempts_left', { maxAttempts: 2 });
    given(graded(30, 1, 100, t0)).when(attempt(30, {}, hoursLater(1))).thenRefuses('RuleViolation', 'assessment.already_passed');
  });

  it('refuses answers to a version the learner did not see, and keeps the version of earlier attempts', () => {
    const revised = trainingOf(saved, basics(), objections, basics(2, [q('q1', 'q1a')]));
    given().when(attempt(30, { q1: ['q1a'] }, t0, { on: revised })).thenRefuses('RuleViolation', 'assessment.version_changed', { currentVersion: 2 });
    // An attempt at version 1 counts towards the limit and the cooldown under version 2.
    given(graded(30, 1, 0, t0)).when(attempt(30, { q1: ['q1a'] }, hoursLater(2), { on: revised, version: 2 }))
      .thenRefuses('RuleViolation', 'assessment.cooling_down');
    const [e] = given(graded(30, 1, 0, t0)).when(attempt(30, { q1: ['q1a'] }, hoursLater(25), { on: revised, version: 2 })).decided();
    expect(e).toMatchObject({ data: { attempt: 2, assessmentVersion: 2, score: 100, passed: true } });
  });
});

describe('learner decider: certification', () => {
  it('certifies with the attempt that leaves every live assessment passed, once', () => {
    const passFirst = graded(30, 1, 100, t0);
    const events = given(passFirst).when(attempt(31, { q1: ['q1a'] }, hoursLater(1))).decided();
    expect(events.map((e) => e.type)).toEqual(['AssessmentAttemptGraded', 'TrainingCertified']);
    expect(events[1]).toEqual({
      type: 'TrainingCertified',
      data: { trainingId: 12, jobId: 12, userId: 6, assessments: [{ assessmentId: 30, version: 1, score: 100 }, { assessmentId: 31, version: 1, score: 100 }], at: hoursLater(1) },
    });
    expect(given().when(attempt(31, { q1: ['q1a'] }, t0)).decided().map((e) => e.type)).toEqual(['AssessmentAttemptGraded']);
  });

  it('does not count a withdrawn assessment towards certification', () => {
    const withdrawn = trainingOf(saved, basics(), objections, { type: 'AssessmentWithdrawn', data: { trainingId: 12, assessmentId: 30, at: t0 } });
    expect(given().when(attempt(31, { q1: ['q1a'] }, t0, { on: withdrawn })).decided().map((e) => e.type))
      .toEqual(['AssessmentAttemptGraded', 'TrainingCertified']);
  });
});

describe('learner decider: sections', () => {
  const mark = (section: 'companyInfo' | 'questionsAndAnswers', completed: boolean, access: LearnerAccess = 'enrolled'): LearnerCommand =>
    ({ type: 'SetSectionCompleted', data: { section, completed, secondsSpent: 95 }, meta: { now: t0, userId: 6, training, access } });
  const done: LearnerEvent = { type: 'TrainingSectionCompleted', data: { trainingId: 12, userId: 6, section: 'companyInfo', secondsSpent: 95, at: t0 } };

  it('completes and reopens a section once each, for closers and preview readers', () => {
    given().when(mark('companyInfo', true)).then([done]);
    given().when(mark('companyInfo', true, 'preview')).then([done]);
    given(done).when(mark('companyInfo', true)).then([]);
    given(done).when(mark('companyInfo', false)).then([{ type: 'TrainingSectionReopened', data: { trainingId: 12, userId: 6, section: 'companyInfo', at: t0 } }]);
    given().when(mark('companyInfo', false)).then([]);
  });

  it('refuses a section the training leaves empty, and readers without access', () => {
    given().when(mark('questionsAndAnswers', true)).thenRefuses('NotFound', 'training.section_not_found');
    given().when(mark('companyInfo', true, null)).thenRefuses('Forbidden', 'academy.no_access');
  });
});
