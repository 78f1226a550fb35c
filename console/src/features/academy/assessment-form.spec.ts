import { AssessmentBodySchema } from '@leadfloor/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyAssessment, markCorrect, type QuestionDraft } from './assessment-form';

describe('assessment form', () => {
  it('keeps one correct answer on a single-choice question', () => {
    const q: QuestionDraft = { prompt: 'Q', kind: 'single', explanation: '', options: [{ label: 'A', correct: true }, { label: 'B', correct: false }] };
    expect(markCorrect(q, 1, true).options.map((o) => o.correct)).toEqual([false, true]);
    expect(markCorrect({ ...q, kind: 'multiple' }, 1, true).options.map((o) => o.correct)).toEqual([true, true]);
  });

  it('sends what the server validates, and reads the key back from the owner view', () => {
    const draft = { ...emptyAssessment(), title: 'Basics', questions: [{ prompt: 'Q', kind: 'single' as const, explanation: ' ', options: [{ label: 'A', correct: true }, { label: 'B', correct: false }] }] };
    const body = bodyOf(draft);
    expect(AssessmentBodySchema.safeParse(body).success).toBe(true);
    expect(body.questions[0]!.explanation).toBeNull();
    const back = draftOf({
      id: 1, trainingId: 2, version: 1, title: 'Basics', description: '', section: null, passingScore: 70, maxAttempts: null, cooldownHours: 0,
      publishedAt: '2026-01-01T00:00:00.000Z', attemptsUsed: 0, attemptsLeft: null, nextAttemptAt: null, passed: false, bestScore: null, lastAttempt: null,
      questions: [{ id: 'q1', prompt: 'Q', kind: 'single', options: [{ id: 'q1a', label: 'A' }, { id: 'q1b', label: 'B' }], correctOptionIds: ['q1a'], explanation: null }],
    });
    expect(back.questions[0]!.options).toEqual([{ label: 'A', correct: true }, { label: 'B', correct: false }]);
  });
});
