import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Award, CheckCircle2, Circle } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { progressQuery, trainingViewQuery } from '../api/academy-queries';
import { formatTimeSpent } from '../time-spent';
import { AcademyRefusal, trainingIdParam } from './academy-refusal';
import { ProgressRing } from './progress-ring';
import { TrainingLearnersCard } from './training-learners-card';
import { TrainingOutcomeCard } from './training-outcome-card';

/**
 * /academy/:trainingId/progress: a learner's sections (time read, done), assessment attempts,
 * certification, and the training's outcome in their calls. The job's owner picks a learner
 * from the list (?userId=).
 */
export function ProgressPage() {
  const trainingId = trainingIdParam(useParams().trainingId);
  const [search] = useSearchParams();
  const userId = trainingIdParam(search.get('userId') ?? undefined) || null;
  const view = useQuery({ ...trainingViewQuery(trainingId), enabled: trainingId > 0 });
  const owner = view.data?.access === 'owner';
  const progress = useQuery({ ...progressQuery(trainingId, userId), enabled: trainingId > 0 && (!owner || userId !== null) });

  if (trainingId <= 0 || view.isError) return <AcademyRefusal error={view.error} what="Progress" onRetry={() => void view.refetch()} />;
  const p = progress.data;
  return (
    <>
      <PageHeader
        heading={owner ? 'Learner progress' : 'My progress'}
        subheading={view.data ? `${view.data.jobTitle} · ${view.data.companyName}` : undefined}
        backTo={`/academy/${trainingId}`} backLabel="Back to the training"
        actions={!owner && view.data && view.data.assessmentsTotal > 0
          ? <Link to={`/academy/${trainingId}/assessments`} className={buttonClasses('secondary')}>Assessments</Link> : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        {owner && <TrainingLearnersCard trainingId={trainingId} selected={userId} />}
        {owner && userId === null ? (
          <Card><CardContent><p className="text-sm text-muted">Choose a learner to see their progress and how their calls changed.</p></CardContent></Card>
        ) : progress.isPending ? (
          <Card className="p-5 lg:col-span-2"><PanelLoading label="Loading progress" rows={5} /></Card>
        ) : progress.isError ? (
          <div className="lg:col-span-2"><AcademyRefusal error={progress.error} what="Progress" onRetry={() => void progress.refetch()} /></div>
        ) : p && (
          <div className={owner ? 'flex min-w-0 flex-col gap-4' : 'contents'}>
            <Card className="h-fit">
              <CardContent className="flex flex-col items-center gap-3 text-center">
                <ProgressRing percent={p.percent} certified={p.certifiedAt !== null} size={96} label={`${p.learner.fullName}'s progress`} />
                <p className="text-sm font-medium text-foreground">{p.learner.fullName}</p>
                <p className="text-xs text-muted">Time read: {formatTimeSpent(p.secondsSpent)}</p>
                {p.certifiedAt && <Badge tone="success"><Award aria-hidden />Certified {formatDate(p.certifiedAt)}</Badge>}
              </CardContent>
            </Card>
            <div className="flex min-w-0 flex-col gap-4">
              <Card>
                <CardHeader title="Sections" />
                <CardContent>
                  <ul className="flex flex-col divide-y divide-border">
                    {p.sections.map((s) => (
                      <li key={s.section} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                        {s.completed ? <CheckCircle2 aria-label="Done" className="size-4 text-success" /> : <Circle aria-label="Not done" className="size-4 text-muted" />}
                        <span className="min-w-0 flex-1 font-medium text-foreground">{s.title}</span>
                        <span className="text-xs text-muted">{formatTimeSpent(s.secondsSpent)}{s.lastAccessedAt && ` · last read ${formatDate(s.lastAccessedAt)}`}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
              <Card>
                <CardHeader title="Assessments" />
                <CardContent className="flex flex-col gap-3">
                  {p.assessments.length === 0 && <p className="text-sm text-muted">This training has no assessments yet.</p>}
                  {p.assessments.map((a) => (
                    <div key={a.assessmentId} className="rounded-lg border border-border p-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="text-sm font-medium text-foreground">{a.title}</p>
                        {a.passed ? <Badge tone="success">Passed</Badge> : a.attempts.length ? <Badge tone="warning">Not passed yet</Badge> : <Badge>Not taken</Badge>}
                      </div>
                      <p className="text-xs text-muted">Pass at {a.passingScore}%{a.bestScore !== null && ` · best ${a.bestScore}%`}</p>
                      {a.attempts.length > 0 && (
                        <ol className="mt-2 flex flex-col gap-1 text-xs text-muted">
                          {a.attempts.map((x) => (
                            <li key={x.attempt}>
                              Attempt {x.attempt}: {x.score}% {x.passed ? 'passed' : 'not passed'} · {formatDateTime(x.at)}
                              {x.assessmentVersion !== a.currentVersion && ` · version ${x.assessmentVersion}`}
                            </li>
                          ))}
                        </ol>
                      )}
                    </div>
                  ))}
                </CardContent>
              </Card>
              <TrainingOutcomeCard outcome={p.outcome} />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
