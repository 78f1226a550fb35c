import { useMemo } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Award, GraduationCap } from 'lucide-react';
import type { TrainingSummary } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { myTrainingsQuery } from '../api/academy-queries';
import { ProgressRing } from './progress-ring';

const accessLabels = { owner: 'Your job', enrolled: 'Enrolled', preview: 'Preview' } as const;

function TrainingCard({ t }: { t: TrainingSummary }) {
  const certified = t.certifiedAt !== null;
  return (
    <li>
      <Card className="h-full p-4">
        <div className="flex items-start gap-4">
          <ProgressRing percent={t.percent} certified={certified} label={`Progress in ${t.jobTitle}`} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={t.access === 'owner' ? 'outline' : t.access === 'preview' ? 'warning' : 'primary'}>{accessLabels[t.access]}</Badge>
              {certified && <Badge tone="success"><Award aria-hidden />Certified</Badge>}
            </div>
            <h2 className="mt-1.5 text-base font-semibold break-words text-foreground">
              <Link to={`/academy/${t.jobId}`} className="hover:underline">{t.jobTitle}</Link>
            </h2>
            <p className="text-sm text-muted">{t.companyName}</p>
            <p className="mt-2 text-sm text-muted">
              {t.sectionsCompleted} of {t.sectionsTotal} sections · {t.assessmentsPassed} of {t.assessmentsTotal} assessments passed
            </p>
            <p className="mt-1 text-xs text-muted">
              {certified ? `Certified ${formatDate(t.certifiedAt!)}` : t.lastAccessedAt ? `Last read ${formatDate(t.lastAccessedAt)}` : 'Not started'}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={`/academy/${t.jobId}`} className="text-sm font-medium text-primary-soft-foreground hover:underline">
            {t.percent === 0 && t.access !== 'owner' ? 'Start training' : 'Open training'}
          </Link>
          {t.assessmentsTotal > 0 && (
            <Link to={`/academy/${t.trainingId}/assessments`} className="text-sm font-medium text-primary-soft-foreground hover:underline">Assessments</Link>
          )}
          {t.access !== 'owner' && (
            <Link to={`/academy/${t.trainingId}/progress`} className="text-sm font-medium text-primary-soft-foreground hover:underline">Progress</Link>
          )}
        </div>
      </Card>
    </li>
  );
}

/**
 * /academy: the trainings of the jobs I was accepted on (and of my own jobs, and previews I
 * started), each with a progress ring; most recently active first, a page at a time.
 */
export function AcademyPage() {
  const list = useInfiniteQuery(myTrainingsQuery());
  const trainings = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? []).flatMap((p) => p.trainings).filter((t) => !seen.has(t.trainingId) && Boolean(seen.add(t.trainingId)));
  }, [list.data]);
  return (
    <>
      <PageHeader heading="Academy" subheading="Trainings for the jobs you close for: read them, pass the assessments, get certified." />
      {list.isPending ? (
        <Card className="p-5"><PanelLoading label="Loading your trainings" rows={4} /></Card>
      ) : list.isError ? (
        <Card><PanelError error={list.error} what="Your trainings" onRetry={() => void list.refetch()} /></Card>
      ) : trainings.length === 0 ? (
        <Card>
          <PanelEmpty icon={<GraduationCap aria-hidden className="size-5" />}>
            No trainings yet. When a job you applied for accepts you, its training shows here.
          </PanelEmpty>
        </Card>
      ) : (
        <>
          <ul aria-label="My trainings" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {trainings.map((t) => <TrainingCard key={t.trainingId} t={t} />)}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
