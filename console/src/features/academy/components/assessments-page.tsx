import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Award, ClipboardCheck, Pencil } from 'lucide-react';
import type { AssessmentView, AttemptResponse } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useNow } from '../../../lib/use-now';
import { useSubmitAttempt } from '../api/academy-mutations';
import { assessmentsQuery } from '../api/academy-queries';
import { AcademyRefusal, trainingIdParam } from './academy-refusal';
import { AssessmentRunner } from './assessment-runner';
import { AttemptFeedback } from './attempt-feedback';

function Rules({ a }: { a: AssessmentView }) {
  const attempts = a.maxAttempts === null ? 'Unlimited attempts' : `${a.attemptsLeft ?? a.maxAttempts} of ${a.maxAttempts} attempts left`;
  return (
    <p className="text-xs text-muted">
      {a.questions.length} question{a.questions.length === 1 ? '' : 's'} · pass at {a.passingScore}% · {attempts}
      {a.cooldownHours > 0 && <> · {a.cooldownHours} h wait after a failed attempt</>}
    </p>
  );
}

/** One assessment: its rules, where the learner stands, the runner, and the last attempt's feedback. */
function AssessmentCard({ trainingId, a, learner }: { trainingId: number; a: AssessmentView; learner: boolean }) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<AttemptResponse | null>(null);
  const submit = useSubmitAttempt(trainingId);
  const now = useNow();
  const waiting = a.nextAttemptAt !== null && Date.parse(a.nextAttemptAt) > now.getTime();
  const canTry = learner && !a.passed && a.attemptsLeft !== 0 && !waiting;
  const shown = result ?? a.lastAttempt;
  return (
    <li>
      <Card>
        <CardHeader
          title={a.title}
          description={a.description || undefined}
          action={a.passed ? <Badge tone="success">Passed</Badge> : a.attemptsUsed > 0 ? <Badge tone="warning">Best {a.bestScore}%</Badge> : undefined}
        />
        <CardContent className="flex flex-col gap-4">
          <Rules a={a} />
          {running ? (
            <AssessmentRunner
              assessment={a} busy={submit.isPending} onCancel={() => setRunning(false)}
              onSubmit={(answers, startedAt) => submit.mutate({ assessmentId: a.id, body: { answers, startedAt, assessmentVersion: a.version } }, {
                onSuccess: (out) => {
                  setResult(out);
                  setRunning(false);
                },
              })}
            />
          ) : (
            <>
              {result?.certified && (
                <p role="status" className="flex items-center gap-2 rounded-lg bg-success-soft px-4 py-3 text-sm font-medium text-success-soft-foreground">
                  <Award aria-hidden className="size-4" />You passed every assessment: you are certified for this job.
                </p>
              )}
              {shown && <AttemptFeedback assessment={a} result={shown} />}
              {learner && !a.passed && (a.attemptsLeft === 0 ? (
                <p className="text-sm text-muted">You have used every attempt at this assessment.</p>
              ) : waiting ? (
                <p className="text-sm text-muted">Your next attempt is allowed from {formatDateTime(a.nextAttemptAt!)}.</p>
              ) : null)}
              {canTry && (
                <div>
                  <Button onClick={() => { submit.reset(); setRunning(true); }}>{a.attemptsUsed === 0 ? 'Start assessment' : 'Try again'}</Button>
                </div>
              )}
            </>
          )}
          {submit.isError && (
            <p role="alert" className="text-sm text-destructive-text">
              {isApiError(submit.error, 409) || isApiError(submit.error, 403) ? serverMessage(submit.error) : 'The answers could not be sent. Try again.'}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * /academy/:trainingId/assessments: the training's assessments, taken one at a time and graded
 * on the server, with feedback per question after each attempt. Attempt limits and waits show
 * before the learner starts.
 */
export function AssessmentsPage() {
  const trainingId = trainingIdParam(useParams().trainingId);
  const list = useQuery({ ...assessmentsQuery(trainingId), enabled: trainingId > 0 });
  if (list.isPending && trainingId > 0) return <Card className="p-5"><PanelLoading label="Loading the assessments" rows={4} /></Card>;
  if (list.isError || trainingId <= 0) return <AcademyRefusal error={list.error} what="The assessments" onRetry={() => void list.refetch()} />;
  const { assessments, access, jobTitle, certifiedAt } = list.data!;
  const learner = access === 'enrolled';
  return (
    <>
      <PageHeader
        heading="Assessments" subheading={jobTitle} backTo={`/academy/${trainingId}`} backLabel="Back to the training"
        actions={access === 'owner'
          ? <Link to={`/closers/training/${trainingId}`} className={buttonClasses('secondary')}><Pencil aria-hidden />Edit assessments</Link>
          : <Link to={`/academy/${trainingId}/progress`} className={buttonClasses('secondary')}>My progress</Link>}
      />
      {certifiedAt && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-success-soft px-4 py-3 text-sm font-medium text-success-soft-foreground">
          <Award aria-hidden className="size-4" />Certified for this job on {formatDateTime(certifiedAt)}.
        </p>
      )}
      {access === 'preview' && (
        <p role="note" className="mb-4 rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground">
          Assessments are taken by the job&apos;s accepted closers; in a preview you can see them but not answer.
        </p>
      )}
      {assessments.length === 0 ? (
        <Card><PanelEmpty icon={<ClipboardCheck aria-hidden className="size-5" />}>This training has no assessments yet.</PanelEmpty></Card>
      ) : (
        <ul aria-label="Assessments" className="flex flex-col gap-4">
          {assessments.map((a) => <AssessmentCard key={`${a.id}-${a.version}`} trainingId={trainingId} a={a} learner={learner} />)}
        </ul>
      )}
    </>
  );
}
