import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, SearchX } from 'lucide-react';
import type { Application } from '@leadfloor/contracts';
import { INT32_MAX } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format-date';
import { applicationQuery } from '../api/application-queries';
import { APPLICATION_STAGE_LABELS, APPLICATION_STAGE_TONES, applicationStage, WEEKDAY_LABELS } from '../closer-labels';
import { ApplicationThreadCard } from './application-thread-card';
import { FileLinks } from './job-facts';
import { ReviewCard } from './review-card';
import { StatusTimeline } from './status-timeline';
import { WithdrawDialog } from './withdraw-dialog';

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
    <dt className="text-sm text-muted">{term}</dt>
    <dd className="min-w-0 text-sm font-medium break-words text-foreground sm:text-right">{children}</dd>
  </div>
);

function ApplicationDetails({ application }: { application: Application }) {
  return (
    <Card aria-labelledby="application-details-title">
      <CardHeader titleId="application-details-title" title="The application" />
      <CardContent className="flex flex-col gap-5">
        <section>
          <h3 className="mb-1 text-sm font-semibold text-foreground">Experience</h3>
          <p className="text-sm whitespace-pre-line break-words text-foreground/90">{application.experience}</p>
        </section>
        <section>
          <h3 className="mb-1 text-sm font-semibold text-foreground">Message</h3>
          <p className="text-sm whitespace-pre-line break-words text-foreground/90">{application.message}</p>
        </section>
        <dl className="flex flex-col gap-2">
          <Fact term="Hours a week">{application.availableHoursPerWeek}</Fact>
          <Fact term="Available from">{formatDate(`${application.availableStartDate}T12:00:00`)}</Fact>
          <Fact term="Days">{application.availableDays.map((d) => WEEKDAY_LABELS[d]).join(', ')}</Fact>
          {application.linkedinProfile && (
            <Fact term="LinkedIn">
              <a href={application.linkedinProfile} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 text-primary-soft-foreground hover:underline">
                Profile<ExternalLink aria-hidden className="size-3.5" />
              </a>
            </Fact>
          )}
        </dl>
        {application.fileUploads.length > 0 && (
          <section>
            <h3 className="mb-1.5 text-sm font-semibold text-foreground">Files</h3>
            <FileLinks files={application.fileUploads} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /applications/{id}: one application, for its applicant and for whoever reviews it (the job's
 * owner, managers). The thread between the two sides is live; the reviewers' decision form and
 * private notes show only to them.
 */
export function ApplicationPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= INT32_MAX;
  const { user } = useCurrentUser();
  const detail = useQuery({ ...applicationQuery(id), enabled: valid });
  const [withdrawing, setWithdrawing] = useState(false);
  const application = detail.data;

  if (!valid || isApiError(detail.error, 404) || isApiError(detail.error, 403)) {
    return (
      <>
        <PageHeader heading="Application not found" backTo="/closers/my-applications" backLabel="Back to my applications" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>This application does not exist, or it is not one you may see.</PanelEmpty>
      </>
    );
  }
  const stage = application && applicationStage(application);
  const back = application && !application.viewer.isApplicant
    ? { to: `/closers/manage-applications/${application.jobId}`, label: 'Back to the applications' }
    : { to: '/closers/my-applications', label: 'Back to my applications' };
  return (
    <>
      <PageHeader
        heading={application?.job.title ?? 'Application'}
        subheading={application && (application.viewer.isApplicant
          ? <>{application.job.companyName} · applied {formatDate(application.createdAt)} · <Link to={`/closers/jobs/${application.jobId}`} className="underline underline-offset-4 hover:text-foreground">view the job</Link></>
          : `${application.closerName} · applied ${formatDate(application.createdAt)}`)}
        backTo={back.to}
        backLabel={back.label}
        actions={application && stage && (
          <>
            <Badge tone={APPLICATION_STAGE_TONES[stage]} className="px-3 py-1 text-sm">{APPLICATION_STAGE_LABELS[stage]}</Badge>
            {application.viewer.canWithdraw && <Button variant="secondary" onClick={() => setWithdrawing(true)}>Withdraw</Button>}
          </>
        )}
      />
      {detail.isPending ? (
        <Card><CardContent><PanelLoading label="Loading the application" rows={5} /></CardContent></Card>
      ) : detail.error || !application || !user ? (
        <Card><CardContent><PanelError error={detail.error} what="This application" onRetry={() => void detail.refetch()} /></CardContent></Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <ApplicationThreadCard application={application} meId={user.id} />
            <ApplicationDetails application={application} />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <Card aria-labelledby="timeline-title">
              <CardHeader titleId="timeline-title" title="Status" />
              <CardContent><StatusTimeline application={application} meId={user.id} /></CardContent>
            </Card>
            {application.viewer.canReview && <ReviewCard application={application} />}
          </div>
          <WithdrawDialog application={withdrawing ? application : null} onClose={() => setWithdrawing(false)} />
        </div>
      )}
    </>
  );
}
