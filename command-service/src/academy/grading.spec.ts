import type { AssessmentQuestion } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { grade } from './grading';

const single: AssessmentQuestion = {
  id: 'q1', prompt: 'Warranty?', kind: 'single', options: [{ id: 'q1a', label: '10 years' }, { id: 'q1b', label: '25 years' }],
  correctOptionIds: ['q1b'], explanation: 'It is on the spec sheet.',
};
const multiple: AssessmentQuestion = {
  id: 'q2', prompt: 'Which are objections?', kind: 'multiple',
  options: [{ id: 'q2a', label: 'Too expensive' }, { id: 'q2b', label: 'Sounds great' }, { id: 'q2c', label: 'Not now' }],
  correctOptionIds: ['q2a', 'q2c'], explanation: null,
};
const third: AssessmentQuestion = { ...single, id: 'q3', options: [{ id: 'q3a', label: 'Yes' }, { id: 'q3b', label: 'No' }], correctOptionIds: ['q3a'] };

describe('grading', () => {
  it('counts a question right only when exactly its correct options are chosen', () => {
    expect(grade([single, multiple], { q1: ['q1b'], q2: ['q2c', 'q2a'] }).score).toBe(100);
    expect(grade([single, multiple], { q1: ['q1b'], q2: ['q2a'] }).score).toBe(50);
    expect(grade([single, multiple], { q1: ['q1b'], q2: ['q2a', 'q2b', 'q2c'] }).score).toBe(50);
  });

  it('counts an unanswered question as wrong and rounds the share half up', () => {
    expect(grade([single, multiple, third], { q1: ['q1b'], q2: ['q2a', 'q2c'] }).score).toBe(67);
    expect(grade([single, multiple, third], { q1: ['q1b'] }).score).toBe(33);
    expect(grade([single, multiple, third], {}).score).toBe(0);
  });

  it('gives per-question feedback with the key and the explanation', () => {
    expect(grade([single], { q1: ['q1a'] }).feedback).toEqual([
      { questionId: 'q1', correct: false, chosenOptionIds: ['q1a'], correctOptionIds: ['q1b'], explanation: 'It is on the spec sheet.' },
    ]);
  });

  it('refuses answers meant for other questions or options, and two answers to a single-choice question', () => {
    const mismatch = expect.objectContaining({ kind: 'RuleViolation', code: 'assessment.answer_mismatch' });
    expect(() => grade([single], { q9: ['q1a'] })).toThrow(mismatch);
    expect(() => grade([single], { q1: ['q2a'] })).toThrow(mismatch);
    expect(() => grade([single], { q1: ['q1a', 'q1b'] })).toThrow(mismatch);
  });
});
