import {
  AcademyQuerySchema, AcademyResponseSchema, IdParamsSchema, TrainingDraftSchema, TrainingReadQuerySchema, TrainingViewSchema,
} from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  awaitVersion, progressOf, readJob, readLearner, readTimeSpent, readTraining, requireTrainingAccess, sectionStates,
} from './academy-reads';
import { readMyTrainings } from './my-trainings';

export type AcademyReadDeps = { pool: Pool; readYourWritesMs?: number };

const noAccess = "The training is for the job's accepted closers, and for anyone while its owner keeps a preview open (academy.no_access).";

/** The academy's landing, a training as its reader sees it, and the owner's draft for the editor. */
export const academyReadRoutes: FastifyPluginAsyncZod<AcademyReadDeps> = async (app, { pool, readYourWritesMs = 2_000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/academy', {
    schema: { querystring: AcademyQuerySchema, response: { 200: AcademyResponseSchema }, problems: { 400: 'A cursor that is not one of ours (invalid_cursor).' } },
  }, async (req) => readMyTrainings(pool, (await req.actor()).id, req.query));

  app.get('/api/academy/:id', {
    schema: {
      params: IdParamsSchema, querystring: TrainingReadQuerySchema, response: { 200: TrainingViewSchema },
      problems: { 403: noAccess, 404: 'No such job, or it has no training (training.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const trainingId = req.params.id;
    await awaitVersion(pool, 'select version from trainings_v1 where id = $1', [trainingId], req.query.minVersion, readYourWritesMs);
    const { job, training, access } = await requireTrainingAccess(pool, trainingId, actor.id);
    const [learner, time] = await Promise.all([readLearner(pool, trainingId, actor.id), readTimeSpent(pool, trainingId, actor.id)]);
    const p = progressOf(training, learner);
    return {
      trainingId, jobId: job.id, jobTitle: job.title, companyName: job.company_name, access, content: training.content,
      previewOpen: training.preview_open, sections: sectionStates(training, learner, time), assessmentsTotal: p.assessmentsTotal,
      assessmentsPassed: p.assessmentsPassed, certifiedAt: learner?.certified_at?.toISOString() ?? null, percent: p.percent,
      updatedAt: training.updated_at.toISOString(), version: training.version,
    };
  });

  app.get('/api/jobs/:id/training', {
    schema: {
      params: IdParamsSchema, querystring: TrainingReadQuerySchema, response: { 200: TrainingDraftSchema },
      problems: { 403: "Only the job's owner edits its training (training.not_owner).", 404: 'No such job (job.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const jobId = req.params.id;
    await awaitVersion(pool, 'select version from trainings_v1 where id = $1', [jobId], req.query.minVersion, readYourWritesMs);
    const job = await readJob(pool, jobId);
    if (!job) throw new ApiError(404, 'job.not_found', 'No such job.');
    if (job.owner_id !== actor.id) throw new ApiError(403, 'training.not_owner', "Only the job's owner edits its training.");
    const training = await readTraining(pool, jobId);
    return {
      jobId, jobTitle: job.title, companyName: job.company_name, exists: training !== null,
      content: training?.content ?? {
        companyInfo: '', productDetails: '', questionsAndAnswers: '', negotiationAnalysis: '', callScripts: '', desiredOutcome: '', pitchDeckUrl: null,
      },
      previewOpen: training?.preview_open ?? false, version: training?.version ?? 0,
    };
  });
};
