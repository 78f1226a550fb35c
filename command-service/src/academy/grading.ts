import type { AssessmentQuestion, QuestionFeedback } from '@leadfloor/events';
import { RuleViolation } from '../shared/domain-error';

export type Grade = { score: number; feedback: QuestionFeedback[] };

const sorted = (ids: readonly string[]) => [...new Set(ids)].sort();

/**
 * Grades answers against a version's key: a question counts when the options chosen are exactly
 * its correct ones (all of them, nothing else, for `multiple`); an unanswered question counts as
 * wrong. The score is the share of questions right, 0-100, rounded half up. Answers naming a
 * question or option the version does not have, or two options of a `single` question, are
 * refused: they were meant for another version.
 */
export function grade(questions: readonly AssessmentQuestion[], answers: Readonly<Record<string, readonly string[]>>): Grade {
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [qid, chosen] of Object.entries(answers)) {
    const q = byId.get(qid);
    const known = q && chosen.every((o) => q.options.some((x) => x.id === o));
    if (!q || !known || (q.kind === 'single' && new Set(chosen).size > 1)) {
      throw new RuleViolation('assessment.answer_mismatch', 'These answers do not match the assessment\'s questions; reload it.', { questionId: qid });
    }
  }
  const feedback = questions.map((q): QuestionFeedback => {
    const chosen = sorted(answers[q.id] ?? []);
    const key = sorted(q.correctOptionIds);
    const correct = chosen.length > 0 && chosen.length === key.length && chosen.every((o, i) => o === key[i]);
    return { questionId: q.id, correct, chosenOptionIds: chosen, correctOptionIds: key, explanation: q.explanation };
  });
  const right = feedback.filter((f) => f.correct).length;
  const score = questions.length === 0 ? 0 : Math.floor((right * 100) / questions.length + 0.5);
  return { score, feedback };
}
