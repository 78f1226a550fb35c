import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { INT32_MAX } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { jobQuery } from '../api/job-queries';
import { JOB_STATUS_LABELS, JOB_STATUS_TONES } from '../closer-labels';
import { ApplicationBoard } from './application-board';

/** /closers/manage-applications/{jobId}: one job's applications as a kanban, for its owner and managers. */
export function JobApplicationsPage() {
  const { jobId: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= INT32_MAX;
  const detail = useQuery({ ...jobQuery(id), enabled: valid });
  const job = detail.data;
  if (!valid || isApiError(detail.error, 404) || (job && !job.viewer.canManage)) {
    return (
      <>
        <PageHeader heading="Job not found" backTo="/closers/manage-applications" backLabel="Back to your jobs" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>There is no job here whose applications you may review.</PanelEmpty>
      </>
    );
  }
  return (
    <>
      <PageHeader
        heading={job ? job.title : 'Applications'}
        subheading={job && `Applications to ${job.companyName}'s job${job.applicationCount > 0 ? ` · ${job.applicationCount} in all` : ''}`}
        backTo="/closers/manage-applications"
        backLabel="Back to your jobs"
        actions={job && (
          <>
            <Badge tone={JOB_STATUS_TONES[job.status]} className="px-3 py-1 text-sm">{JOB_STATUS_LABELS[job.status]}</Badge>
            <Link to={`/closers/jobs/${job.id}`} className={buttonClasses('secondary')}>View job</Link>
          </>
        )}
      />
      {detail.isPending ? (
        <Card><CardContent><PanelLoading label="Loading the job" rows={3} /></CardContent></Card>
      ) : detail.error || !job ? (
        <Card><CardContent><PanelError error={detail.error} what="This job" onRetry={() => void detail.refetch()} /></CardContent></Card>
      ) : (
        <ApplicationBoard jobId={job.id} />
      )}
    </>
  );
}
