import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  EmployerDashboardSchema, EmployerJobsResponseSchema, JobListResponseSchema, JobResponseSchema, type JobStatus,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { closerKeys, type EmployerScope, type JobBoardParams } from './closer-keys';

/** Jobs a page of the board holds. */
export const JOB_PAGE_SIZE = 24;
export const EMPLOYER_JOB_PAGE_SIZE = 50;

/** The board: active jobs matching the filters, in the chosen order, a page at a time (keyset). */
export const jobBoardQuery = (params: JobBoardParams) =>
  infiniteQueryOptions({
    queryKey: closerKeys.board(params),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/jobs', JobListResponseSchema, { signal, params: { ...params, limit: JOB_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** One job as the gateway has it; `minVersion` (a command's answer) waits, bounded, until it shows that change. */
export const readJob = async (id: number, minVersion?: number, signal?: AbortSignal) =>
  (await api.get(`/api/jobs/${id}`, JobResponseSchema, { signal, params: { minVersion } })).job;

/** One job, with what the viewer may do with it (apply, or manage it). */
export const jobQuery = (id: number) =>
  queryOptions({ queryKey: closerKeys.job(id), queryFn: ({ signal }) => readJob(id, undefined, signal) });

/** The viewer's own jobs (a manager may ask for every job on the floor), with their applications per status. */
export const employerJobsQuery = (scope: EmployerScope, status: JobStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: closerKeys.employerJobs(scope, status),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/employer/jobs', EmployerJobsResponseSchema, { signal, params: { scope, status, limit: EMPLOYER_JOB_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
  });

export const employerDashboardQuery = queryOptions({
  queryKey: closerKeys.dashboard(),
  queryFn: ({ signal }) => api.get('/api/employer/dashboard', EmployerDashboardSchema, { signal }),
});
