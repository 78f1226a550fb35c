import type { AssessmentBody, AssessmentView } from '@leadfloor/contracts';

export type OptionDraft = { label: string; correct: boolean };
export type QuestionDraft = { prompt: string; kind: 'single' | 'multiple'; options: OptionDraft[]; explanation: string };
export type AssessmentDraft = {
  title: string; description: string; passingScore: number; maxAttempts: number | null; cooldownHours: number; questions: QuestionDraft[];
};

export const emptyQuestion = (): QuestionDraft => ({ prompt: '', kind: 'single', options: [{ label: '', correct: true }, { label: '', correct: false }], explanation: '' });
export const emptyAssessment = (): AssessmentDraft => ({ title: '', description: '', passingScore: 70, maxAttempts: null, cooldownHours: 0, questions: [emptyQuestion()] });

/** The editor's state of a published assessment (the owner's view carries the answer key). */
export function draftOf(a: AssessmentView): AssessmentDraft {
  return {
    title: a.title, description: a.description, passingScore: a.passingScore, maxAttempts: a.maxAttempts, cooldownHours: a.cooldownHours,
    questions: a.questions.map((q) => ({
      prompt: q.prompt, kind: q.kind, explanation: q.explanation ?? '',
      options: q.options.map((o) => ({ label: o.label, correct: (q.correctOptionIds ?? []).includes(o.id) })),
    })),
  };
}

/** What the editor sends: the server checks it with the same schema (AssessmentBodySchema). */
export const bodyOf = (d: AssessmentDraft): AssessmentBody => ({
  title: d.title, description: d.description, passingScore: d.passingScore, maxAttempts: d.maxAttempts, cooldownHours: d.cooldownHours,
  questions: d.questions.map((q) => ({ prompt: q.prompt, kind: q.kind, options: q.options, explanation: q.explanation.trim() || null })),
});

/** A single-choice question keeps one correct answer: marking another moves the mark. */
export function markCorrect(q: QuestionDraft, index: number, correct: boolean): QuestionDraft {
  return {
    ...q,
    options: q.options.map((o, i) => (i === index ? { ...o, correct } : q.kind === 'single' && correct ? { ...o, correct: false } : o)),
  };
}
