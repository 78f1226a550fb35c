import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import type { z } from 'zod';
import type { Job } from '@leadfloor/contracts';
import { INT32_MAX } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api';
import { useCreateJob, useUpdateJob } from '../api/job-mutations';
import { jobQuery } from '../api/job-queries';
import { refusal } from '../closer-errors';
import { EMPTY_JOB_FORM, JobFormSchema, jobFormValues, type JobFormValues } from '../job-form';
import { JobFormFields } from './job-form-fields';

/**
 * /closers/jobs/new and /closers/jobs/{id}/edit: the job editor. A new job is saved as a draft
 * (only its owner and managers see it) and published from its page; an edit is sent at the
 * version it was loaded at, so a change made meanwhile by someone else is not overwritten (409).
 */
export function JobEditorPage() {
  const { id: rawId } = useParams();
  if (rawId === undefined) return <JobEditor job={null} />;
  return <EditExistingJob rawId={rawId} />;
}

function EditExistingJob({ rawId }: { rawId: string }) {
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= INT32_MAX;
  const detail = useQuery({ ...jobQuery(id), enabled: valid });
  if (!valid || isApiError(detail.error, 404) || (detail.data && !detail.data.viewer.canManage)) {
    return (
      <>
        <PageHeader heading="Job not found" backTo="/closers" backLabel="Back to the job board" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>There is no job here that you may edit.</PanelEmpty>
      </>
    );
  }
  if (detail.isPending) return <><PageHeader heading="Edit job" backTo={`/closers/jobs/${id}`} backLabel="Back to the job" /><Card><CardContent><PanelLoading label="Loading the job" rows={6} /></CardContent></Card></>;
  if (detail.error || !detail.data) {
    return <><PageHeader heading="Edit job" backTo={`/closers/jobs/${id}`} backLabel="Back to the job" /><Card><CardContent><PanelError error={detail.error} what="This job" onRetry={() => void detail.refetch()} /></CardContent></Card></>;
  }
  // The loaded version keys the editor: a job changed under it is a new form only after a save or a reload.
  return <JobEditor key={detail.data.id} job={detail.data} />;
}

function JobEditor({ job }: { job: Job | null }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const form = useForm<JobFormValues, unknown, z.output<typeof JobFormSchema>>({
    resolver: zodResolver(JobFormSchema),
    defaultValues: job ? jobFormValues(job) : EMPTY_JOB_FORM,
  });
  const back = job ? `/closers/jobs/${job.id}` : '/closers';
  const handleSave = form.handleSubmit((body) => {
    const done = (saved: Job) => {
      toast({ title: job ? 'Job saved' : 'Draft saved', description: job ? saved.title : 'Publish it from its page when it is ready.', variant: 'success' });
      void navigate(`/closers/jobs/${saved.id}`);
    };
    if (job) update.mutate({ jobId: job.id, body: { ...body, expectedVersion: job.version } }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  });

  return (
    <>
      <PageHeader
        heading={job ? 'Edit job' : 'Post a job'}
        subheading={job ? job.title : 'Saved as a draft first: nobody else sees it until you publish it.'}
        backTo={back}
        backLabel={job ? 'Back to the job' : 'Back to the job board'}
      />
      <form onSubmit={handleSave} noValidate aria-label={job ? 'Edit job' : 'New job'} className="flex flex-col gap-6">
        <JobFormFields form={form} />
        {error && (
          <p role="alert" className="rounded-lg bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive-soft-foreground">
            {isApiError(error, 409) && job ? `${refusal(error)} Your changes are still here; reload the job in another tab to see what changed.` : refusal(error)}
          </p>
        )}
        <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:rounded-xl sm:border">
          <Button variant="secondary" onClick={() => void navigate(back)}>Cancel</Button>
          <Button type="submit" disabled={saving}>{saving ? 'Saving...' : job ? 'Save changes' : 'Save draft'}</Button>
        </div>
      </form>
    </>
  );
}
