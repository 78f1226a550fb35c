import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { academyLearners } from './academy-learners';
import { academyTrainings } from './academy-trainings';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
const content = {
  companyInfo: 'LoanCo lends', productDetails: '', questionsAndAnswers: '', negotiationAnalysis: '', callScripts: 'Say hello', desiredOutcome: '', pitchDeckUrl: null,
};
const question = { id: 'q1', prompt: 'Rate?', kind: 'single' as const, options: [{ id: 'q1a', label: '5%' }, { id: 'q1b', label: '9%' }], correctOptionIds: ['q1a'], explanation: null };
const published = (assessmentId: number, version: number, m: number): NewEvent => ({ type: 'AssessmentPublished', data: {
  trainingId: 7, assessmentId, version, title: `Test ${assessmentId}`, description: '', section: null, questions: [question], passingScore: 70 + version,
  maxAttempts: null, cooldownHours: 0, at: at(m),
} });
const graded = (attempt: number, score: number, m: number): NewEvent => ({ type: 'AssessmentAttemptGraded', data: {
  trainingId: 7, userId: 3, assessmentId: 1, assessmentVersion: 1, attempt, answers: {}, score, passed: score >= 70, passingScore: 71, feedback: [],
  startedAt: null, at: at(m),
} });
// Training 7: content, assessment 1 (then its version 2), assessment 2 withdrawn. Learner 3:
// a section completed, reopened and completed again, a failed and a passed attempt, certified.
const appends: [string, NewEvent[]][] = [
  ['training-7', [{ type: 'TrainingContentSaved', data: { trainingId: 7, jobId: 7, content, previewOpen: false, at: at(0) } }, published(1, 1, 1), published(2, 1, 1)]],
  ['training_learner-7_3', [{ type: 'TrainingSectionCompleted', data: { trainingId: 7, userId: 3, section: 'companyInfo', secondsSpent: 60, at: at(2) } }]],
  ['training-7', [published(1, 2, 3), { type: 'AssessmentWithdrawn', data: { trainingId: 7, assessmentId: 2, at: at(4) } }]],
  ['training_learner-7_3', [
    { type: 'TrainingSectionReopened', data: { trainingId: 7, userId: 3, section: 'companyInfo', at: at(5) } },
    { type: 'TrainingSectionCompleted', data: { trainingId: 7, userId: 3, section: 'companyInfo', secondsSpent: 90, at: at(6) } },
    graded(1, 0, 7), graded(2, 100, 8),
    { type: 'TrainingCertified', data: { trainingId: 7, jobId: 7, userId: 3, assessments: [{ assessmentId: 1, version: 1, score: 100 }], at: at(8) } },
  ]],
  ['training-7', [{ type: 'TrainingContentSaved', data: { trainingId: 7, jobId: 7, content: { ...content, productDetails: 'Loans' }, previewOpen: true, at: at(9) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events, actorId: 1 })), [academyTrainings, academyLearners]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('trainings_v1 and training_learners_v1', () => {
  it('change nothing when events are applied twice, or redelivered in part', async () => {
    for (const p of [academyTrainings, academyLearners]) {
      const once = await appliedHash(pool, p, events);
      expect(once.rows).toBe(1);
      expect(await appliedHash(pool, p, events)).toEqual(once);
      expect(await appliedHash(pool, p, events.slice(3), events.slice(6))).toEqual(once);
    }
  });

  it('hold the training at its latest content and versions, and the learner as their events leave them', async () => {
    await appliedHash(pool, academyTrainings, events);
    await appliedHash(pool, academyLearners, events);
    const { rows: [t] } = await pool.query('select sections, preview_open, assessments, assessment_ids, version from trainings_v1');
    expect(t).toMatchObject({ sections: ['companyInfo', 'productDetails', 'callScripts'], preview_open: true, assessment_ids: [1, 2], version: 6 });
    expect(t.assessments.map((a: { id: number; version: number; passingScore: number; withdrawn: boolean }) => [a.id, a.version, a.passingScore, a.withdrawn]))
      .toEqual([[1, 2, 72, false], [2, 1, 71, true]]);
    const { rows: [l] } = await pool.query('select training_id, user_id, sections, attempts, certified_at is not null as certified, version from training_learners_v1');
    expect(l).toMatchObject({ training_id: 7, user_id: 3, sections: { companyInfo: { secondsSpent: 90 } }, certified: true, version: 6 });
    expect(l.attempts.map((a: { attempt: number; passed: boolean }) => [a.attempt, a.passed])).toEqual([[1, false], [2, true]]);
  });
});
