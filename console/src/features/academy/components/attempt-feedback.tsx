import { CheckCircle2, XCircle } from 'lucide-react';
import type { AssessmentView, AttemptResult } from '@leadfloor/contracts';
import { cx } from '../../../lib/cx';

/** An attempt's score and, per question, what was chosen, what was right, and why. */
export function AttemptFeedback({ assessment, result }: { assessment: AssessmentView; result: AttemptResult }) {
  const questions = new Map(assessment.questions.map((q) => [q.id, q]));
  const label = (qid: string, oid: string) => questions.get(qid)?.options.find((o) => o.id === oid)?.label ?? oid;
  const stale = result.assessmentVersion !== assessment.version;
  return (
    <div className="flex flex-col gap-3">
      <p className={cx('rounded-lg px-4 py-3 text-sm font-medium', result.passed ? 'bg-success-soft text-success-soft-foreground' : 'bg-destructive-soft text-destructive-soft-foreground')}>
        {result.passed ? 'Passed' : 'Not passed'} with {result.score}% (needed {result.passingScore}%) on attempt {result.attempt}.
      </p>
      {stale ? (
        <p className="text-sm text-muted">This attempt was graded on an earlier version of the assessment; its questions have changed since.</p>
      ) : (
        <ol aria-label="Feedback" className="flex flex-col gap-2">
          {result.feedback.map((f, i) => (
            <li key={f.questionId} className="rounded-lg border border-border p-3 text-sm">
              <p className="flex items-start gap-2 font-medium text-foreground">
                {f.correct
                  ? <CheckCircle2 aria-label="Right" className="mt-0.5 size-4 shrink-0 text-success" />
                  : <XCircle aria-label="Wrong" className="mt-0.5 size-4 shrink-0 text-destructive" />}
                <span className="break-words">{i + 1}. {questions.get(f.questionId)?.prompt}</span>
              </p>
              <p className="mt-1 text-muted">Your answer: {f.chosenOptionIds.length ? f.chosenOptionIds.map((o) => label(f.questionId, o)).join(', ') : 'none'}</p>
              {!f.correct && <p className="text-muted">Right answer: {f.correctOptionIds.map((o) => label(f.questionId, o)).join(', ')}</p>}
              {f.explanation && <p className="mt-1 text-foreground">{f.explanation}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
