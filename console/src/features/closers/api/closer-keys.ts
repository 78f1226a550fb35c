import type { ApplicationStatus, JobSort, JobStatus, JobType } from '@leadfloor/contracts';

/** The job board's filters and order, as GET /api/jobs takes them (the commission floor in cents per close). */
export type JobBoardParams = { search?: string; type?: JobType; location?: string; minCommission?: number; sort: JobSort };
export type EmployerScope = 'mine' | 'all';

/**
 * Every read of the closers hub but the message threads: a reconnect's resync refetches them all.
 * A thread is kept current by its own messages (live, then `after` reads) and lives under
 * `threadKeys`, so a status change never rereads a conversation someone scrolled back in.
 */
export const closerKeys = {
  all: ['closers'] as const,
  jobs: () => [...closerKeys.all, 'jobs'] as const,
  boards: () => [...closerKeys.jobs(), 'board'] as const,
  board: (params: JobBoardParams) => [...closerKeys.boards(), params] as const,
  job: (id: number) => [...closerKeys.jobs(), 'detail', id] as const,
  employer: () => [...closerKeys.all, 'employer'] as const,
  employerJobs: (scope: EmployerScope, status: JobStatus | undefined) => [...closerKeys.employer(), 'jobs', scope, status ?? 'any'] as const,
  dashboard: () => [...closerKeys.employer(), 'dashboard'] as const,
  applications: () => [...closerKeys.all, 'applications'] as const,
  mineLists: () => [...closerKeys.applications(), 'mine'] as const,
  mine: (status: ApplicationStatus | undefined) => [...closerKeys.mineLists(), status ?? 'any'] as const,
  /** Every job's kanban columns. */
  boardsOfJobs: () => [...closerKeys.applications(), 'job'] as const,
  jobApplications: (jobId: number) => [...closerKeys.boardsOfJobs(), jobId] as const,
  column: (jobId: number, status: ApplicationStatus) => [...closerKeys.jobApplications(jobId), status] as const,
  application: (id: number) => [...closerKeys.applications(), 'detail', id] as const,
  notes: (id: number) => [...closerKeys.applications(), 'notes', id] as const,
};

export const threadKeys = {
  all: ['application-thread'] as const,
  thread: (applicationId: number) => [...threadKeys.all, applicationId] as const,
};
