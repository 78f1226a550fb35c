import {
  ApplicationCommandResponseSchema, ApplicationMessageCommandResponseSchema, ApplicationParamsSchema, ApplicationStatusBodySchema,
  ApplyBodySchema, JobParamsSchema, PostApplicationMessageBodySchema, PostReviewerNoteBodySchema, ReviewerNoteCommandResponseSchema,
  WithdrawApplicationBodySchema,
} from '@leadfloor/contracts';
import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandOutcome } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { applicationStream, oneApplicationKey, type ApplicationState } from './application';
import {
  applicationMessageAggregate, applicationMessageStream, reviewerNoteAggregate, reviewerNoteStream,
} from './application-thread';
import { asActor, loadFiles, loadJob, loadPerson, loadThread } from './closer-facts';
import { applicationAggregate } from './decide-application';
import type { CloserRouteDeps } from './job-routes';

const applicationAnswer = ({ state, version }: CommandOutcome<ApplicationState>) => {
  if (!state.exists) throw new Error('application state expected');
  return { id: state.id, jobId: state.jobId, status: state.status, statusReason: state.reason, version };
};

/**
 * Applications to a job, their status, the thread between applicant and owner, and reviewers'
 * private notes. One application per closer and job: the submission's append claims the key
 * (job, closer), so of two at once exactly one lands and the other is 409.
 */
export const applicationRoutes: FastifyPluginAsyncZod<CloserRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/jobs/:id/applications', {
    schema: {
      params: JobParamsSchema, headers: IdempotencyKeyHeaders, body: ApplyBodySchema, response: { 201: ApplicationCommandResponseSchema },
      problems: {
        404: 'No such job (job.not_found).',
        409: 'Already applied (application.exists), the job takes no applications (job.not_open), it is your own job (application.own_job), or a file is not yours (closers.file_not_found).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const { fileUploads = [], linkedinProfile = null, ...rest } = req.body;
    const jobId = req.params.id;
    const applicationId = await store.nextId('application');
    const files = await loadFiles(pool, fileUploads);
    try {
      const out = await handle(applicationAggregate, applicationStream(applicationId), async () => ({
        type: 'SubmitApplication' as const,
        data: { applicationId, ...rest, linkedinProfile, fileIds: fileUploads },
        meta: { now: now().toISOString(), actor: asActor(actor), job: await loadJob(store, jobId), files },
      }), requestContext(req, actor), { claimKeys: () => [oneApplicationKey(jobId, actor.id)] });
      return reply.code(201).send(applicationAnswer(out));
    } catch (err) {
      if (err instanceof UniqueKeyTakenError && err.scope === 'job_application') {
        throw new ApiError(409, 'application.exists', 'You already applied to this job.');
      }
      throw err;
    }
  });

  const applicationProblems = {
    403: "Only the applicant withdraws (application.not_applicant); only the job's owner or a manager decides (application.not_reviewer).",
    404: 'No such application (application.not_found).',
    409: 'Changed since read (application.stale), withdrawn (application.withdrawn), or not withdrawable in its status (application.not_withdrawable).',
  };

  app.post('/api/applications/:id/withdraw', {
    schema: {
      params: ApplicationParamsSchema, headers: IdempotencyKeyHeaders, body: WithdrawApplicationBodySchema,
      response: { 200: ApplicationCommandResponseSchema }, problems: applicationProblems,
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(applicationAggregate, applicationStream(req.params.id), {
      type: 'WithdrawApplication', data: { expectedVersion: req.body?.expectedVersion }, meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    return applicationAnswer(out);
  });

  app.post('/api/applications/:id/status', {
    schema: {
      params: ApplicationParamsSchema, headers: IdempotencyKeyHeaders, body: ApplicationStatusBodySchema,
      response: { 200: ApplicationCommandResponseSchema }, problems: applicationProblems,
    },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(applicationAggregate, applicationStream(req.params.id), {
      type: 'ChangeApplicationStatus', data: req.body, meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    return applicationAnswer(out);
  });

  app.post('/api/applications/:id/messages', {
    schema: {
      params: ApplicationParamsSchema, headers: IdempotencyKeyHeaders, body: PostApplicationMessageBodySchema,
      response: { 201: ApplicationMessageCommandResponseSchema },
      problems: { 403: "Only the applicant and the job's owner write on the thread (application.not_party).", 404: 'No such application (application.not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const messageId = await store.nextId('application_message');
    const out = await handle(applicationMessageAggregate, applicationMessageStream(messageId), async () => ({
      type: 'PostApplicationMessage' as const, data: { messageId, content: req.body.content },
      meta: { now: now().toISOString(), actor: asActor(actor), application: await loadThread(store, req.params.id) },
    }), requestContext(req, actor));
    const posted = out.events[0]?.data as { messageId: number; content: string; at: string } | undefined;
    const sender = await loadPerson(pool, actor.id);
    return reply.code(201).send({
      message: {
        id: posted?.messageId ?? messageId, applicationId: req.params.id, senderId: actor.id, senderName: sender.name, senderAvatarUrl: sender.avatarUrl,
        content: posted?.content ?? req.body.content, createdAt: posted?.at ?? now().toISOString(),
      },
      version: out.version,
    });
  });

  app.post('/api/applications/:id/notes', {
    schema: {
      params: ApplicationParamsSchema, headers: IdempotencyKeyHeaders, body: PostReviewerNoteBodySchema,
      response: { 201: ReviewerNoteCommandResponseSchema },
      problems: { 403: "Only the job's owner or a manager keeps notes (application.not_reviewer).", 404: 'No such application (application.not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const noteId = await store.nextId('application_note');
    const out = await handle(reviewerNoteAggregate, reviewerNoteStream(noteId), async () => ({
      type: 'AddReviewerNote' as const, data: { noteId, content: req.body.content },
      meta: { now: now().toISOString(), actor: asActor(actor), application: await loadThread(store, req.params.id) },
    }), requestContext(req, actor));
    const added = out.events[0]?.data as { noteId: number; content: string; at: string } | undefined;
    const author = await loadPerson(pool, actor.id);
    return reply.code(201).send({
      note: {
        id: added?.noteId ?? noteId, applicationId: req.params.id, authorId: actor.id, authorName: author.name,
        content: added?.content ?? req.body.content, createdAt: added?.at ?? now().toISOString(),
      },
      version: out.version,
    });
  });
};
