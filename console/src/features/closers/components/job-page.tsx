import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Kanban, SearchX, Send } from 'lucide-react';
import type { Job } from '@leadfloor/contracts';
import { INT32_MAX } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { jobQuery } from '../api/job-queries';
import {
  APPLICATION_STAGE_LABELS, APPLICATION_STAGE_TONES, applicationStage, JOB_STATUS_LABELS, JOB_STATUS_TONES,
} from '../closer-labels';
import { ApplyDialog } from './apply-dialog';
import { JobActions } from './job-actions';
import { JobFacts } from './job-facts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <h2 className="mb-1.5 text-sm font-semibold text-foreground">{title}</h2>
    <p className="text-sm whitespace-pre-line break-words text-foreground/90">{children}</p>
  </section>
);

/** Where the viewer stands with the job: apply, their application, or (for its manager) its applications. */
function ViewerCard({ job, meId, onApply }: { job: Job; meId: number | undefined; onApply: () => void }) {
  const mine = job.viewer.myApplication;
  if (job.viewer.canManage && job.applicationCounts) {
    const c = job.applicationCounts;
    return (
      <Card aria-labelledby="job-applications-title">
        <CardHeader titleId="job-applications-title" title="Applications" description={job.applicationCount === 0 ? 'None yet' : `${job.applicationCount} in all`} />
        <CardContent className="flex flex-col gap-3">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {([['pending', c.pending], ['reviewing', c.reviewing], ['accepted', c.accepted], ['rejected', c.rejected - c.withdrawn], ['withdrawn', c.withdrawn]] as const).map(([stage, n]) => (
              <li key={stage} className="flex items-center justify-between rounded-lg bg-surface-muted/70 px-3 py-2">
                <span className="text-muted">{APPLICATION_STAGE_LABELS[stage]}</span>
                <span className="font-semibold text-foreground tabular-nums">{n}</span>
              </li>
            ))}
          </ul>
          <Link to={`/closers/manage-applications/${job.id}`} className={buttonClasses('secondary')}><Kanban aria-hidden />Review applications</Link>
        </CardContent>
      </Card>
    );
  }
  if (job.ownerId === meId) return null;
  return (
    <Card aria-labelledby="job-apply-title">
      <CardHeader titleId="job-apply-title" title={mine ? 'Your application' : 'Interested?'} />
      <CardContent className="flex flex-col gap-3">
        {mine ? (
          <>
            <p className="flex items-center gap-2 text-sm text-muted">
              Status <Badge tone={APPLICATION_STAGE_TONES[applicationStage(mine)]}>{APPLICATION_STAGE_LABELS[applicationStage(mine)]}</Badge>
            </p>
            <Link to={`/applications/${mine.id}`} className={buttonClasses('secondary')}>View your application</Link>
            {mine.status === 'accepted' && <Link to={`/academy/${job.id}`} className={buttonClasses()}>Start the training</Link>}
          </>
        ) : job.status === 'active' ? (
          <>
            <p className="text-sm text-muted">Tell {job.companyName} about your experience and when you can start.</p>
            <Button onClick={onApply}><Send aria-hidden />Apply now</Button>
          </>
        ) : (
          <p className="text-sm text-muted">This job is {JOB_STATUS_LABELS[job.status].toLowerCase()} and takes no applications.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** /closers/jobs/{id}: one job in full, with Apply (a dialog) or, for whoever manages it, its edit and status moves. */
export function JobPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= INT32_MAX;
  const { user } = useCurrentUser();
  const detail = useQuery({ ...jobQuery(id), enabled: valid });
  const [applying, setApplying] = useState(false);
  const job = detail.data;

  if (!valid || isApiError(detail.error, 404)) {
    return (
      <>
        <PageHeader heading="Job not found" backTo="/closers" backLabel="Back to the job board" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>This job does not exist, or it is a draft only its owner can see.</PanelEmpty>
      </>
    );
  }
  return (
    <>
      <PageHeader
        heading={job?.title ?? 'Job'}
        subheading={job && `${job.companyName} · ${job.productName} · posted by ${job.ownerId === user?.id ? 'you' : job.ownerName}`}
        backTo="/closers"
        backLabel="Back to the job board"
        actions={job && (
          <>
            <Badge tone={JOB_STATUS_TONES[job.status]} className="px-3 py-1 text-sm">{JOB_STATUS_LABELS[job.status]}</Badge>
            {job.viewer.canManage && <JobActions job={job} />}
          </>
        )}
      />
      {detail.isPending ? (
        <Card><CardContent><PanelLoading label="Loading the job" rows={5} /></CardContent></Card>
      ) : detail.error || !job ? (
        <Card><CardContent><PanelError error={detail.error} what="This job" onRetry={() => void detail.refetch()} /></CardContent></Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            {job.status === 'draft' && (
              <p className="rounded-xl border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground">
                A draft: only you (and managers) can see it. Publish it to put it on the board.
              </p>
            )}
            <Card aria-labelledby="job-about-title">
              <CardHeader titleId="job-about-title" title="About the job" />
              <CardContent className="flex flex-col gap-5">
                <Section title="Description">{job.description}</Section>
                {job.requirements && <Section title="Requirements">{job.requirements}</Section>}
                {job.targetMarket && <Section title="Target market">{job.targetMarket}</Section>}
                {job.tipsAndTricks && <Section title="Tips and tricks">{job.tipsAndTricks}</Section>}
              </CardContent>
            </Card>
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <ViewerCard job={job} meId={user?.id} onApply={() => setApplying(true)} />
            <Card aria-labelledby="job-facts-title">
              <CardHeader titleId="job-facts-title" title="The offer" />
              <CardContent><JobFacts job={job} /></CardContent>
            </Card>
          </div>
          <ApplyDialog job={job} open={applying} onClose={() => setApplying(false)} />
        </div>
      )}
    </>
  );
}
