import {
  AssessmentsResponseSchema, IdParamsSchema, LearnersQuerySchema, LearnersResponseSchema, ProgressQuerySchema, TrainingProgressSchema,
  TrainingReadQuerySchema,
} from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assessmentView, awaitVersion, liveAssessments, progressOf, readLearner, readTimeSpent, requireTrainingAccess, sectionStates,
} from './academy-reads';
import { readLearners } from './training-learners';
import { readTrainingOutcome } from './training-outcome';

export type LearnerReadDeps = { pool: Pool; readYourWritesMs?: number };

const learnerVersion = 'select version from training_learners_v1 where training_id = $1 and user_id = $2';
const noAccess = "The training is for the job's accepted closers, and for anyone while its owner keeps a preview open (academy.no_access).";

/** A training's assessments, a learner's progress (with the training's outcome in their calls), and the owner's list of learners. */
export const learnerReadRoutes: FastifyPluginAsyncZod<LearnerReadDeps> = async (app, { pool, readYourWritesMs = 2_000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/trainings/:id/assessments', {
    schema: {
      params: IdParamsSchema, querystring: TrainingReadQuerySchema, response: { 200: AssessmentsResponseSchema },
      problems: { 403: noAccess, 404: 'No such training (training.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const trainingId = req.params.id;
    await awaitVersion(pool, learnerVersion, [trainingId, actor.id], req.query.minVersion, readYourWritesMs);
    const { job, training, access } = await requireTrainingAccess(pool, trainingId, actor.id);
    const learner = access === 'owner' ? null : await readLearner(pool, trainingId, actor.id);
    return {
      trainingId, jobTitle: job.title, access, certifiedAt: learner?.certified_at?.toISOString() ?? null,
      assessments: liveAssessments(training).map((a) => assessmentView(trainingId, a, access, learner)),
    };
  });

  app.get('/api/trainings/:id/progress', {
    schema: {
      params: IdParamsSchema, querystring: ProgressQuerySchema, response: { 200: TrainingProgressSchema },
      problems: { 403: `${noAccess} Only the job's owner reads another closer's progress (training.not_owner).`, 404: 'No such training, or no such learner of it (training.not_found, learner.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const trainingId = req.params.id;
    const userId = req.query.userId ?? actor.id;
    const { job, training, access } = await requireTrainingAccess(pool, trainingId, actor.id);
    if (userId !== actor.id && access !== 'owner') throw new ApiError(403, 'training.not_owner', "Only the job's owner reads another closer's progress.");
    await awaitVersion(pool, learnerVersion, [trainingId, userId], req.query.minVersion, readYourWritesMs);
    const [learner, time, person] = await Promise.all([
      readLearner(pool, trainingId, userId), readTimeSpent(pool, trainingId, userId),
      pool.query<{ full_name: string }>('select full_name from users_v1 where id = $1', [userId]),
    ]);
    if (!person.rows[0]) throw new ApiError(404, 'learner.not_found', 'No such learner.');
    const sections = sectionStates(training, learner, time);
    const p = progressOf(training, learner);
    return {
      trainingId, jobId: job.id, jobTitle: job.title, companyName: job.company_name,
      learner: { id: userId, fullName: person.rows[0].full_name },
      sections, secondsSpent: sections.reduce((n, s) => n + s.secondsSpent, 0), percent: p.percent,
      assessments: liveAssessments(training).map((a) => {
        const mine = learner?.attempts.filter((x) => x.assessmentId === a.id) ?? [];
        return {
          assessmentId: a.id, title: a.title, currentVersion: a.version, passingScore: a.passingScore, passed: mine.some((x) => x.passed),
          bestScore: mine.length ? Math.max(...mine.map((x) => x.score)) : null,
          attempts: mine.map((x) => ({ attempt: x.attempt, assessmentVersion: x.assessmentVersion, score: x.score, passed: x.passed, at: x.at })),
        };
      }),
      certifiedAt: learner?.certified_at?.toISOString() ?? null,
      outcome: await readTrainingOutcome(pool, userId, learner?.certified_at ?? null),
      version: learner?.version ?? 0,
    };
  });

  app.get('/api/trainings/:id/learners', {
    schema: {
      params: IdParamsSchema, querystring: LearnersQuerySchema, response: { 200: LearnersResponseSchema },
      problems: { 400: 'A cursor that is not one of ours (invalid_cursor).', 403: "Only the job's owner lists its learners (training.not_owner).", 404: 'No such training (training.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { training, access } = await requireTrainingAccess(pool, req.params.id, actor.id);
    if (access !== 'owner') throw new ApiError(403, 'training.not_owner', "Only the job's owner lists its learners.");
    return readLearners(pool, training, req.query);
  });
};
