import {
  CreateJobBodySchema, JobCommandResponseSchema, JobParamsSchema, JobTransitionBodySchema, UpdateJobBodySchema,
} from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandOutcome, HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { asActor, loadFiles } from './closer-facts';
import { jobAggregate } from './decide-job';
import { jobStream, type JobState, type JobTransition } from './job';

export type CloserRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const jobAnswer = ({ state, version }: CommandOutcome<JobState>) => {
  if (!state.exists) throw new Error('job state expected');
  return { id: state.id, status: state.status, version };
};

const problems = {
  403: "Only the job's owner or a manager changes a job (job.not_owner).",
  404: 'No such job, or a draft of someone else (job.not_found).',
  409: 'The job changed since it was read (job.stale), the move does not fit its status (job.not_draft, job.not_active, job.not_published), or a file is not yours (closers.file_not_found).',
};

const TRANSITIONS = { publish: 'PublishJob', close: 'CloseJob', fill: 'FillJob', reopen: 'ReopenJob' } as const satisfies Record<string, JobTransition['type']>;

/**
 * Jobs of the closers hub. Anyone signed in may post one (a draft, theirs): "employer" is a
 * capability, not a role. The owner, or a manager, edits it and moves it through draft ->
 * active -> closed or filled, and reopens it. Rules live in decide-job.ts.
 */
export const jobRoutes: FastifyPluginAsyncZod<CloserRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/jobs', {
    schema: {
      headers: IdempotencyKeyHeaders, body: CreateJobBodySchema, response: { 201: JobCommandResponseSchema },
      problems: { 409: 'A file named is not one you uploaded (closers.file_not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const { fileUploads = [], ...rest } = req.body;
    const jobId = await store.nextId('job');
    const fields = {
      companyWebsite: null, targetMarket: null, tipsAndTricks: null, annualSales: null, yearsTrading: null, videoUrl: null,
      compensation: null, requirements: null, skillsRequired: [], ...rest,
    };
    const files = await loadFiles(pool, fileUploads);
    const out = await handle(jobAggregate, jobStream(jobId), {
      type: 'PostJob', data: { jobId, fields, fileIds: fileUploads }, meta: { now: now().toISOString(), actor: asActor(actor), files },
    }, requestContext(req, actor));
    return reply.code(201).send(jobAnswer(out));
  });

  app.patch('/api/jobs/:id', {
    schema: { params: JobParamsSchema, headers: IdempotencyKeyHeaders, body: UpdateJobBodySchema, response: { 200: JobCommandResponseSchema }, problems },
  }, async (req) => {
    const actor = await req.actor();
    const { expectedVersion, fileUploads, ...changes } = req.body;
    const files = await loadFiles(pool, fileUploads);
    const out = await handle(jobAggregate, jobStream(req.params.id), {
      type: 'EditJob', data: { changes, fileIds: fileUploads, expectedVersion }, meta: { now: now().toISOString(), actor: asActor(actor), files },
    }, requestContext(req, actor));
    return jobAnswer(out);
  });

  for (const [verb, type] of Object.entries(TRANSITIONS)) {
    app.post(`/api/jobs/:id/${verb}`, {
      schema: { params: JobParamsSchema, headers: IdempotencyKeyHeaders, body: JobTransitionBodySchema, response: { 200: JobCommandResponseSchema }, problems },
    }, async (req) => {
      const actor = await req.actor();
      const out = await handle(jobAggregate, jobStream(req.params.id), {
        type, data: { expectedVersion: req.body?.expectedVersion }, meta: { now: now().toISOString(), actor: asActor(actor) },
      }, requestContext(req, actor));
      return jobAnswer(out);
    });
  }
};
