import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ApplicationResponseSchema, JobApplicationsResponseSchema, MyApplicationsResponseSchema, ReviewerNotesResponseSchema,
  type ApplicationStatus,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { closerKeys } from './closer-keys';

export const MY_APPLICATIONS_PAGE_SIZE = 50;
/** Cards a kanban column loads at a time. */
export const COLUMN_PAGE_SIZE = 100;
export const NOTES_PAGE_SIZE = 50;

/** The viewer's applications, newest first, with how many are in each status. */
export const myApplicationsQuery = (status: ApplicationStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: closerKeys.mine(status),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/applications/mine', MyApplicationsResponseSchema, { signal, params: { status, limit: MY_APPLICATIONS_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** One application as the gateway has it; `minVersion` waits, bounded, for a change the viewer just made. */
export const readApplication = async (id: number, minVersion?: number, signal?: AbortSignal) =>
  (await api.get(`/api/applications/${id}`, ApplicationResponseSchema, { signal, params: { minVersion } })).application;

export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: closerKeys.application(id), queryFn: ({ signal }) => readApplication(id, undefined, signal) });

/** One column of a job's kanban: its applications in one status, longest waiting first. */
export const columnQuery = (jobId: number, status: ApplicationStatus) =>
  infiniteQueryOptions({
    queryKey: closerKeys.column(jobId, status),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/jobs/${jobId}/applications`, JobApplicationsResponseSchema, { signal, params: { status, limit: COLUMN_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** The reviewers' private notes on an application, newest first. */
export const reviewerNotesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: closerKeys.notes(id),
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/applications/${id}/notes`, ReviewerNotesResponseSchema, { signal, params: { limit: NOTES_PAGE_SIZE, before: pageParam } }),
    getNextPageParam: (page) => (page.hasMore ? page.notes[page.notes.length - 1]?.id ?? null : null),
  });
