import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { AssessmentBodySchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { serverMessage } from '../../../lib/api';
import { bodyOf, emptyQuestion, markCorrect, type AssessmentDraft, type QuestionDraft } from '../assessment-form';

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * An assessment's questions, answer key and rules, checked with the schema the server uses.
 * Saving a published assessment publishes its next version.
 */
export function AssessmentEditor({ initial, busy, error, onSave, onCancel, published }: {
  initial: AssessmentDraft; busy: boolean; error: unknown; published: boolean;
  onSave(body: ReturnType<typeof bodyOf>): void; onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const [issues, setIssues] = useState<Map<string, string>>(new Map());
  const issue = (...path: (string | number)[]) => issues.get(path.join('.'));
  const setQuestion = (i: number, q: QuestionDraft) => setD({ ...d, questions: d.questions.map((x, j) => (j === i ? q : x)) });
  return (
    <form
      aria-label={published ? `Edit ${initial.title}` : 'New assessment'}
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = AssessmentBodySchema.safeParse(bodyOf(d));
        if (!parsed.success) {
          setIssues(new Map(parsed.error.issues.map((x) => [x.path.join('.'), x.message])));
          return;
        }
        setIssues(new Map());
        onSave(bodyOf(d));
      }}
    >
      <FormField label="Title" error={issue('title')}>
        {(c) => <Input {...c} value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} />}
      </FormField>
      <FormField label="Description" error={issue('description')}>
        {(c) => <Textarea {...c} rows={2} value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Passing score (%)" error={issue('passingScore')}>
          {(c) => <Input {...c} type="number" min={1} max={100} value={d.passingScore} onChange={(e) => setD({ ...d, passingScore: Number(e.target.value) })} />}
        </FormField>
        <FormField label="Most attempts" hint="Empty: no limit" error={issue('maxAttempts')}>
          {(c) => <Input {...c} type="number" min={1} max={100} value={d.maxAttempts ?? ''} onChange={(e) => setD({ ...d, maxAttempts: numberOrNull(e.target.value) })} />}
        </FormField>
        <FormField label="Wait after a fail (hours)" error={issue('cooldownHours')}>
          {(c) => <Input {...c} type="number" min={0} max={720} value={d.cooldownHours} onChange={(e) => setD({ ...d, cooldownHours: Number(e.target.value) })} />}
        </FormField>
      </div>
      <ol className="flex flex-col gap-4">
        {d.questions.map((q, i) => (
          <li key={i}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-semibold text-foreground">Question {i + 1}</legend>
              <FormField label="Question" error={issue('questions', i, 'prompt')}>
                {(c) => <Textarea {...c} rows={2} value={q.prompt} onChange={(e) => setQuestion(i, { ...q, prompt: e.target.value })} />}
              </FormField>
              <label className="flex items-center gap-2 text-sm text-foreground">
                <Checkbox
                  checked={q.kind === 'multiple'}
                  onChange={(e) => setQuestion(i, e.target.checked ? { ...q, kind: 'multiple' } : { ...q, kind: 'single', options: q.options.map((o, j) => ({ ...o, correct: j === Math.max(0, q.options.findIndex((x) => x.correct)) })) })}
                />
                More than one answer can be right
              </label>
              <div className="flex flex-col gap-2">
                {q.options.map((o, j) => (
                  <div key={j} className="flex items-center gap-2">
                    <Checkbox aria-label={`Answer ${j + 1} is correct`} checked={o.correct} onChange={(e) => setQuestion(i, markCorrect(q, j, e.target.checked))} />
                    <Input
                      aria-label={`Answer ${j + 1}`} value={o.label} aria-invalid={Boolean(issue('questions', i, 'options', j, 'label'))}
                      onChange={(e) => setQuestion(i, { ...q, options: q.options.map((x, k) => (k === j ? { ...x, label: e.target.value } : x)) })}
                    />
                    <Button
                      variant="ghost" size="icon" aria-label={`Remove answer ${j + 1}`} disabled={q.options.length <= 2}
                      onClick={() => setQuestion(i, { ...q, options: q.options.filter((_, k) => k !== j) })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ))}
                {issue('questions', i, 'options') && <p className="text-xs font-medium text-destructive-text">{issue('questions', i, 'options')}</p>}
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" disabled={q.options.length >= 10} onClick={() => setQuestion(i, { ...q, options: [...q.options, { label: '', correct: false }] })}>
                    <Plus aria-hidden />Add answer
                  </Button>
                  <Button variant="ghost" size="sm" disabled={d.questions.length <= 1} onClick={() => setD({ ...d, questions: d.questions.filter((_, k) => k !== i) })}>
                    Remove question
                  </Button>
                </div>
              </div>
              <FormField label="Explanation shown after an attempt" hint="Optional" error={issue('questions', i, 'explanation')}>
                {(c) => <Input {...c} value={q.explanation} onChange={(e) => setQuestion(i, { ...q, explanation: e.target.value })} />}
              </FormField>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setD({ ...d, questions: [...d.questions, emptyQuestion()] })}><Plus aria-hidden />Add question</Button>
      </div>
      {issues.size > 0 && <p role="alert" className="text-sm text-destructive-text">Some fields need a look.</p>}
      {Boolean(error) && <p role="alert" className="text-sm text-destructive-text">{serverMessage(error) ?? 'The assessment could not be saved. Try again.'}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>{busy ? 'Publishing…' : published ? 'Publish new version' : 'Publish assessment'}</Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>Cancel</Button>
      </div>
    </form>
  );
}
