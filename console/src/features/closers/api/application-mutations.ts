import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ApplicationCommandResponseSchema, ApplicationMessageCommandResponseSchema, ReviewerNoteCommandResponseSchema, type ReviewerNotesResponseSchema,
  type Application, type ApplicationCommandResponse, type ApplicationStatus, type ApplyBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { withMessage, type ThreadFeed } from '../application-thread';
import { closerKeys, threadKeys } from './closer-keys';
import { readApplication } from './application-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/** My applications and every job's kanban: their cards show status, days in it and the thread's size. */
const invalidateApplicationLists = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: closerKeys.mineLists() });
  void queryClient.invalidateQueries({ queryKey: closerKeys.boardsOfJobs() });
};

/**
 * An application command, then the application read back at the answered version, so its page
 * shows the change at once; every list of applications, the job (its viewer's application and
 * counts) and the employer's figures refetch.
 */
function useApplicationCommand<V>(send: (vars: V) => Promise<ApplicationCommandResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V): Promise<Application> => {
      const out = await send(vars);
      return readApplication(out.id, out.version);
    },
    onSuccess: (application) => {
      queryClient.setQueryData(closerKeys.application(application.id), application);
      invalidateApplicationLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: closerKeys.job(application.jobId) });
      void queryClient.invalidateQueries({ queryKey: closerKeys.employer() });
    },
  });
}

export const useApply = () =>
  useApplicationCommand(({ jobId, body }: { jobId: number; body: ApplyBody }) =>
    api.post(`/api/jobs/${jobId}/applications`, body, ApplicationCommandResponseSchema, idempotent()));

export const useWithdrawApplication = () =>
  useApplicationCommand(({ applicationId, expectedVersion }: { applicationId: number; expectedVersion: number }) =>
    api.post(`/api/applications/${applicationId}/withdraw`, { expectedVersion }, ApplicationCommandResponseSchema, idempotent()));

export type StatusChange = { applicationId: number; status: ApplicationStatus; feedback?: string | null; expectedVersion: number };

/** A reviewer's decision, at the version they saw: of two reviewers at once, one wins and the other gets 409. */
export const sendStatusChange = ({ applicationId, ...body }: StatusChange) =>
  api.post(`/api/applications/${applicationId}/status`, body, ApplicationCommandResponseSchema, idempotent());

export const useChangeStatus = () => useApplicationCommand(sendStatusChange);

/** A message on the thread: shown from the answer at once (the socket's copy of it then changes nothing). */
export const usePostMessage = (applicationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post(`/api/applications/${applicationId}/messages`, { content }, ApplicationMessageCommandResponseSchema, idempotent()),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ThreadFeed>(threadKeys.thread(applicationId), (feed) => (feed ? withMessage(feed, message) : feed));
      invalidateApplicationLists(queryClient);
    },
  });
};

type NotesPages = InfiniteData<z.infer<typeof ReviewerNotesResponseSchema>>;

/**
 * A private reviewer note, shown from the answer at once, newest first (a refetch could run
 * ahead of the notes' read model and lose it); the other reviewers see it on their next read.
 */
export const usePostNote = (applicationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post(`/api/applications/${applicationId}/notes`, { content }, ReviewerNoteCommandResponseSchema, idempotent()),
    onSuccess: ({ note }) =>
      queryClient.setQueryData<NotesPages>(closerKeys.notes(applicationId), (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first || data.pages.some((p) => p.notes.some((n) => n.id === note.id))) return data;
        return { ...data, pages: [{ ...first, notes: [note, ...first.notes] }, ...rest] };
      }),
  });
};
