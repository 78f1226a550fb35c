import { useState } from 'react';
import type { AssessmentView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';

/** The questions of one assessment version, answered and submitted in one go (graded on the server). */
export function AssessmentRunner({ assessment, busy, onSubmit, onCancel }: {
  assessment: AssessmentView; busy: boolean; onSubmit(answers: Record<string, string[]>, startedAt: string): void; onCancel(): void;
}) {
  const [startedAt] = useState(() => new Date().toISOString());
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const unanswered = assessment.questions.filter((q) => !(answers[q.id]?.length)).length;
  const choose = (qid: string, oid: string, single: boolean, on: boolean) => setAnswers((a) => {
    const now = a[qid] ?? [];
    return { ...a, [qid]: single ? [oid] : on ? [...now, oid] : now.filter((x) => x !== oid) };
  });
  return (
    <form
      aria-label={`Answer ${assessment.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(answers, startedAt);
      }}
      className="flex flex-col gap-4"
    >
      <ol className="flex flex-col gap-4">
        {assessment.questions.map((q, i) => (
          <li key={q.id}>
            <fieldset className="rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium break-words text-foreground">{i + 1}. {q.prompt}</legend>
              <p className="mb-2 text-xs text-muted">{q.kind === 'single' ? 'Choose one' : 'Choose every answer that applies'}</p>
              <div className="flex flex-col gap-2">
                {q.options.map((o) => {
                  const checked = answers[q.id]?.includes(o.id) ?? false;
                  return (
                    <label key={o.id} className="flex items-start gap-2 text-sm text-foreground">
                      {q.kind === 'single' ? (
                        <input
                          type="radio" name={q.id} checked={checked} onChange={() => choose(q.id, o.id, true, true)}
                          className="mt-0.5 size-4 accent-primary"
                        />
                      ) : (
                        <Checkbox checked={checked} onChange={(e) => choose(q.id, o.id, false, e.target.checked)} className="mt-0.5" />
                      )}
                      <span className="break-words">{o.label}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>{busy ? 'Grading…' : 'Submit answers'}</Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>Cancel</Button>
        {unanswered > 0 && <p className="text-xs text-muted">{unanswered} unanswered (counted as wrong)</p>}
      </div>
    </form>
  );
}
