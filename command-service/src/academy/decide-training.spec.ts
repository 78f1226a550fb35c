import type { AssessmentQuestion, TrainingEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decideTraining } from './decide-training';
import { evolveTraining, initialTraining, type PublishAssessment, type TrainingCommand, type TrainingJob } from './training';

const at = '2026-03-01T10:00:00.000Z';
// Job 12 is Olga's (5); Ann (6) is a closer.
const job: TrainingJob = { id: 12, ownerId: 5, title: 'Solar closer', companyName: 'SunCo' };
const olga: Actor = { id: 5, role: 'agent', teamId: null };
const ann: Actor = { id: 6, role: 'agent', teamId: 1 };
const content = {
  companyInfo: 'SunCo installs panels.', productDetails: 'Panels, 25-year warranty.', questionsAndAnswers: '', negotiationAnalysis: '',
  callScripts: 'Open with the savings.', desiredOutcome: 'A booked survey.', pitchDeckUrl: null,
};
const q1: AssessmentQuestion = {
  id: 'q1', prompt: 'Warranty?', kind: 'single', options: [{ id: 'q1a', label: '10 years' }, { id: 'q1b', label: '25 years' }],
  correctOptionIds: ['q1b'], explanation: null,
};
const saved: TrainingEvent = { type: 'TrainingContentSaved', data: { trainingId: 12, jobId: 12, content, previewOpen: false, at } };
const fields = { title: 'Basics', description: '', section: null, questions: [q1], passingScore: 70, maxAttempts: 3, cooldownHours: 24 };
const published = (version: number, extra: Partial<typeof fields> = {}): TrainingEvent =>
  ({ type: 'AssessmentPublished', data: { trainingId: 12, assessmentId: 30, version, ...fields, ...extra, at } });

const meta = (actor: Actor, j: TrainingJob = job) => ({ now: at, actor, job: j });
const save = (actor: Actor, previewOpen = false, j?: TrainingJob): TrainingCommand =>
  ({ type: 'SaveTrainingContent', data: { content, previewOpen }, meta: meta(actor, j) });
const publish = (isNew: boolean, extra: Partial<typeof fields> = {}, actor = olga): PublishAssessment =>
  ({ type: 'PublishAssessment', data: { assessmentId: 30, isNew, ...fields, ...extra }, meta: meta(actor) });

const given = (...events: TrainingEvent[]) => {
  const state = events.reduce(evolveTraining, initialTraining());
  return {
    when: (c: TrainingCommand) => ({
      then: (expected: TrainingEvent[]) => expect(decideTraining(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => decideTraining(c, state)).toThrow(expect.objectContaining({ kind, code })),
    }),
  };
};

describe('training decider: content', () => {
  it("lets only the job's owner write the training", () => {
    given().when(save(olga)).then([saved]);
    given().when(save(ann)).thenRefuses('Forbidden', 'training.not_owner');
    given().when(save(olga, false, null)).thenRefuses('NotFound', 'job.not_found');
  });

  it('saves again only what changed, the preview switch included', () => {
    given(saved).when(save(olga)).then([]);
    given(saved).when(save(olga, true)).then([{ ...saved, data: { ...saved.data, previewOpen: true } } as TrainingEvent]);
  });
});

describe('training decider: assessments and their versions', () => {
  it('publishes a new assessment as version 1 of a training that exists', () => {
    given(saved).when(publish(true)).then([published(1)]);
    given().when(publish(true)).thenRefuses('NotFound', 'training.not_found');
    given(saved).when(publish(true, {}, ann)).thenRefuses('Forbidden', 'training.not_owner');
  });

  it('makes an edit of a published assessment its next version, and an unchanged publish nothing', () => {
    given(saved, published(1)).when(publish(false, { passingScore: 80 })).then([published(2, { passingScore: 80 })]);
    given(saved, published(1), published(2, { passingScore: 80 })).when(publish(false, { passingScore: 80 })).then([]);
    given(saved).when(publish(false)).thenRefuses('NotFound', 'assessment.not_found');
    given(saved, published(1)).when(publish(true)).thenRefuses('RuleViolation', 'assessment.exists');
  });

  it('withdraws an assessment once, and refuses to edit a withdrawn one', () => {
    const withdraw: TrainingCommand = { type: 'WithdrawAssessment', data: { assessmentId: 30 }, meta: meta(olga) };
    const withdrawn: TrainingEvent = { type: 'AssessmentWithdrawn', data: { trainingId: 12, assessmentId: 30, at } };
    given(saved, published(1)).when(withdraw).then([withdrawn]);
    given(saved, published(1), withdrawn).when(withdraw).then([]);
    given(saved, published(1), withdrawn).when(publish(false)).thenRefuses('RuleViolation', 'assessment.withdrawn');
  });
});
