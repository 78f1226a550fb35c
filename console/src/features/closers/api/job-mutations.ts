import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CloserFileUploadResponseSchema, JobCommandResponseSchema, type CreateJobBody, type Job, type JobCommandResponse, type UpdateJobBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { closerKeys } from './closer-keys';
import { readJob } from './job-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/** The four moves of a job's life after its draft: each a POST /api/jobs/:id/<action>. */
export type JobAction = 'publish' | 'close' | 'fill' | 'reopen';

/**
 * A job command, then the job read back at the answered version (the gateway waits, bounded,
 * for its read model), so the page shows the change the moment it is made; the board and the
 * employer's lists refetch.
 */
function useJobCommand<V>(send: (vars: V) => Promise<JobCommandResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V): Promise<Job> => {
      const out = await send(vars);
      return readJob(out.id, out.version);
    },
    onSuccess: (job) => {
      queryClient.setQueryData(closerKeys.job(job.id), job);
      void queryClient.invalidateQueries({ queryKey: closerKeys.boards() });
      void queryClient.invalidateQueries({ queryKey: closerKeys.employer() });
    },
  });
}

export const useCreateJob = () =>
  useJobCommand((body: CreateJobBody) => api.post('/api/jobs', body, JobCommandResponseSchema, idempotent()));

export const useUpdateJob = () =>
  useJobCommand(({ jobId, body }: { jobId: number; body: UpdateJobBody }) => api.patch(`/api/jobs/${jobId}`, body, JobCommandResponseSchema, idempotent()));

export const useJobAction = () =>
  useJobCommand(({ jobId, action, expectedVersion }: { jobId: number; action: JobAction; expectedVersion: number }) =>
    api.post(`/api/jobs/${jobId}/${action}`, { expectedVersion }, JobCommandResponseSchema, idempotent()));

/** One file (a job's brochure, an applicant's resume) stored on the server; its id goes in the form's `fileUploads`. */
export const useUploadFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload('/api/closers/files', form, CloserFileUploadResponseSchema);
    },
  });
