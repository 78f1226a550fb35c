import {
  ApplicationMessagesQuerySchema, ApplicationMessagesResponseSchema, ApplicationParamsSchema, ApplicationReadQuerySchema,
  ApplicationResponseSchema, EmployerDashboardSchema, EmployerJobsQuerySchema, EmployerJobsResponseSchema, JobApplicationsQuerySchema,
  JobApplicationsResponseSchema, JobListQuerySchema, JobListResponseSchema, JobParamsSchema, JobReadQuerySchema, JobResponseSchema,
  MyApplicationsQuerySchema, MyApplicationsResponseSchema, ReviewerNotesQuerySchema, ReviewerNotesResponseSchema,
} from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readApplication, readJobApplications, readMyApplications, requireApplication } from './application-reads';
import { readEmployerDashboard } from './employer-dashboard';
import { readEmployerJobs, readJob, readJobBoard } from './job-reads';
import { awaitRowVersion } from './keyset-cursor';
import { readApplicationMessages, readReviewerNotes } from './thread-reads';

export type CloserReadDeps = { pool: Pool; now: () => Date; timeZone: string; readYourWritesMs?: number };

const cursorProblem = { 400: 'A cursor that is not one of ours (invalid_cursor).' };

/**
 * The closers hub's reads: the job board and a job's page, the employer's jobs and dashboard,
 * applications (the applicant's own, a job's for its owner or a manager, one for either side),
 * the thread and the reviewers' private notes. `minVersion` (with the id it is about) waits,
 * bounded, until the read model shows a command's result.
 */
export const closerReadRoutes: FastifyPluginAsyncZod<CloserReadDeps> = async (app, { pool, now, timeZone, readYourWritesMs = 2_000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/jobs', {
    schema: { querystring: JobListQuerySchema, response: { 200: JobListResponseSchema }, problems: cursorProblem },
  }, async (req) => readJobBoard(pool, req.query));

  app.get('/api/jobs/:id', {
    schema: {
      params: JobParamsSchema, querystring: JobReadQuerySchema, response: { 200: JobResponseSchema },
      problems: { 404: "No such job, or someone else's draft (job.not_found)." },
    },
  }, async (req) => {
    const actor = await req.actor();
    if (req.query.minVersion !== undefined) await awaitRowVersion(pool, 'job_opportunities_v1', req.params.id, req.query.minVersion, readYourWritesMs);
    return { job: await readJob(pool, actor, req.params.id) };
  });

  app.get('/api/employer/jobs', {
    schema: {
      querystring: EmployerJobsQuerySchema, response: { 200: EmployerJobsResponseSchema },
      problems: { ...cursorProblem, 403: 'scope=all is for managers (job.manager_only).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { minVersion, jobId, ...query } = req.query;
    if (minVersion !== undefined && jobId !== undefined) await awaitRowVersion(pool, 'job_opportunities_v1', jobId, minVersion, readYourWritesMs);
    return readEmployerJobs(pool, actor, query);
  });

  app.get('/api/employer/dashboard', {
    schema: { response: { 200: EmployerDashboardSchema } },
  }, async (req) => readEmployerDashboard(pool, (await req.actor()).id, now(), timeZone));

  app.get('/api/applications/mine', {
    schema: { querystring: MyApplicationsQuerySchema, response: { 200: MyApplicationsResponseSchema }, problems: cursorProblem },
  }, async (req) => {
    const actor = await req.actor();
    const { minVersion, applicationId, ...query } = req.query;
    if (minVersion !== undefined && applicationId !== undefined) await awaitRowVersion(pool, 'job_applications_v1', applicationId, minVersion, readYourWritesMs);
    return readMyApplications(pool, actor, query);
  });

  app.get('/api/jobs/:id/applications', {
    schema: {
      params: JobParamsSchema, querystring: JobApplicationsQuerySchema, response: { 200: JobApplicationsResponseSchema },
      problems: { ...cursorProblem, 403: "Only the job's owner or a manager (job.not_owner).", 404: 'No such job (job.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { minVersion, applicationId, ...query } = req.query;
    if (minVersion !== undefined && applicationId !== undefined) await awaitRowVersion(pool, 'job_applications_v1', applicationId, minVersion, readYourWritesMs);
    return readJobApplications(pool, actor, req.params.id, query);
  });

  const applicationProblems = {
    403: "Only the applicant, the job's owner and managers (application.forbidden).", 404: 'No such application (application.not_found).',
  };

  app.get('/api/applications/:id', {
    schema: { params: ApplicationParamsSchema, querystring: ApplicationReadQuerySchema, response: { 200: ApplicationResponseSchema }, problems: applicationProblems },
  }, async (req) => {
    const actor = await req.actor();
    if (req.query.minVersion !== undefined) await awaitRowVersion(pool, 'job_applications_v1', req.params.id, req.query.minVersion, readYourWritesMs);
    return { application: await readApplication(pool, actor, req.params.id) };
  });

  app.get('/api/applications/:id/messages', {
    schema: { params: ApplicationParamsSchema, querystring: ApplicationMessagesQuerySchema, response: { 200: ApplicationMessagesResponseSchema }, problems: applicationProblems },
  }, async (req) => {
    await requireApplication(pool, await req.actor(), req.params.id);
    return readApplicationMessages(pool, req.params.id, req.query);
  });

  app.get('/api/applications/:id/notes', {
    schema: {
      params: ApplicationParamsSchema, querystring: ReviewerNotesQuerySchema, response: { 200: ReviewerNotesResponseSchema },
      problems: { ...applicationProblems, 403: "Only the job's owner and managers read reviewer notes (application.not_reviewer)." },
    },
  }, async (req) => {
    const { canReview } = await requireApplication(pool, await req.actor(), req.params.id);
    if (!canReview) throw new ApiError(403, 'application.not_reviewer', "Only the job's owner and managers read reviewer notes.");
    return readReviewerNotes(pool, req.params.id, req.query);
  });
};
