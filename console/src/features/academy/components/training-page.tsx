import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Award, Eye, Pencil } from 'lucide-react';
import type { TrainingSection } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { useCompleteSection } from '../api/academy-mutations';
import { trainingViewQuery } from '../api/academy-queries';
import { useSectionHeartbeat } from '../use-section-heartbeat';
import { AcademyRefusal, trainingIdParam } from './academy-refusal';
import { ProgressRing } from './progress-ring';
import { TrainingSectionCard } from './training-section-card';

/**
 * /academy/:jobId: the learner's view of a job's training, its sections in order. The open
 * section is timed by heartbeats while the page is visible; marking one done is the learner's
 * own call. Assessments and progress are a click away.
 */
export function TrainingPage() {
  const trainingId = trainingIdParam(useParams().jobId);
  const view = useQuery({ ...trainingViewQuery(trainingId), enabled: trainingId > 0 });
  const complete = useCompleteSection(trainingId);
  const [chosen, setChosen] = useState<TrainingSection | null | undefined>(undefined);
  const sections = view.data?.sections ?? [];
  // Until the learner picks one, the first section not yet done is open.
  const open = chosen === undefined ? (sections.find((s) => !s.completed) ?? sections[0])?.section ?? null : chosen;
  const openState = sections.find((s) => s.section === open);
  const markCompleted = useSectionHeartbeat(trainingId, view.data ? open : null, openState?.completed ?? false);

  if (view.isPending && trainingId > 0) return <Card className="p-5"><PanelLoading label="Loading the training" rows={5} /></Card>;
  if (view.isError || trainingId <= 0) return <AcademyRefusal error={view.error} what="This training" onRetry={() => void view.refetch()} />;
  const t = view.data!;
  const certified = t.certifiedAt !== null;

  return (
    <>
      <PageHeader
        heading={t.jobTitle}
        subheading={`${t.companyName} · Training`}
        backTo="/academy" backLabel="Academy"
        actions={
          <>
            {t.access === 'owner' && (
              <Link to={`/closers/training/${t.jobId}`} className={buttonClasses('secondary')}><Pencil aria-hidden />Edit training</Link>
            )}
            {t.access !== 'owner' && <Link to={`/academy/${t.trainingId}/progress`} className={buttonClasses('secondary')}>My progress</Link>}
          </>
        }
      />
      {t.access === 'preview' && (
        <p role="note" className="mb-4 flex items-start gap-2 rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground">
          <Eye aria-hidden className="mt-0.5 size-4 shrink-0" />
          A preview: you can read this training. Its assessments and certification are for the job&apos;s accepted closers.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <ol aria-label="Sections" className="flex min-w-0 flex-col gap-3">
          {sections.map((s, i) => (
            <TrainingSectionCard
              key={s.section} index={i} state={s} content={t.content} open={open === s.section} busy={complete.isPending}
              onToggle={() => setChosen(open === s.section ? null : s.section)}
              onComplete={(completed) => {
                markCompleted(s.section, completed);
                complete.mutate({ section: s.section, completed, secondsSpent: 0 });
                // Done with a section: the next one opens, as a reader turns the page.
                if (completed) setChosen(sections[i + 1]?.section ?? null);
              }}
            />
          ))}
        </ol>
        <Card className="h-fit">
          <CardHeader title="Your progress" />
          <CardContent className="flex flex-col items-center gap-3 text-center">
            <ProgressRing percent={t.percent} certified={certified} size={96} label="Training progress" />
            <p className="text-sm text-muted">
              {sections.filter((s) => s.completed).length} of {sections.length} sections done
              {t.assessmentsTotal > 0 && <> · {t.assessmentsPassed} of {t.assessmentsTotal} assessments passed</>}
            </p>
            {certified && (
              <p className="inline-flex items-center gap-1.5 text-sm font-medium text-success-soft-foreground">
                <Award aria-hidden className="size-4" />Certified {formatDate(t.certifiedAt!)}
              </p>
            )}
            {t.assessmentsTotal > 0 && t.access !== 'owner' && (
              <Link to={`/academy/${t.trainingId}/assessments`} className={buttonClasses(certified ? 'secondary' : 'primary')}>
                {certified ? 'Review assessments' : 'Take the assessments'}
              </Link>
            )}
            {t.assessmentsTotal === 0 && <p className="text-xs text-muted">This training has no assessments yet.</p>}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
