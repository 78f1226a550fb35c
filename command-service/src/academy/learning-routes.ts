import {
  AttemptBodySchema, AttemptResponseSchema, IdParamsSchema, SectionParamsSchema, SectionProgressBodySchema, SectionProgressResponseSchema,
} from '@leadfloor/contracts';
import { attemptStanding, learnerStreamId, trainingStreamId } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { checkReading, learnerAggregate } from './decide-learner';
import { trainingAggregate } from './decide-training';
import { recordHeartbeat } from './heartbeats';
import { attemptsAt } from './learner';
import { accessOf, loadJob } from './training-facts';

export type LearningRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

/** The training (and its job, and the reader's access to it) as the streams have them now. */
async function loadTraining(pool: Pool, store: EventStore, trainingId: number, userId: number) {
  const [{ state: training }, job] = await Promise.all([loadState(store, trainingAggregate, trainingStreamId(trainingId)), loadJob(store, trainingId)]);
  return { training, access: await accessOf(pool, job, training, userId) };
}

/** Which training an assessment belongs to (the trainings read model indexes their assessment ids). */
async function trainingOfAssessment(pool: Pool, assessmentId: number): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('select id from trainings_v1 where assessment_ids @> array[$1::int]', [assessmentId]);
  if (!rows[0]) throw new ApiError(404, 'assessment.not_found', 'No such assessment.');
  return rows[0].id;
}

/**
 * Learning: heartbeats and completion of a training's sections, and attempts at its
 * assessments, graded here. Each learner's record of a training is its own stream.
 */
export const learningRoutes: FastifyPluginAsyncZod<LearningRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/trainings/:id/sections/:section/progress', {
    schema: {
      params: SectionParamsSchema, headers: IdempotencyKeyHeaders, body: SectionProgressBodySchema, response: { 200: SectionProgressResponseSchema },
      problems: {
        403: "The training is for the job's accepted closers, and a preview must be open for anyone else (academy.no_access).",
        404: 'No such training, or it has no such section (training.not_found, training.section_not_found).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { id: trainingId, section } = req.params;
    const at = now();
    const { training, access } = await loadTraining(pool, store, trainingId, actor.id);
    checkReading(training, access, section);
    const { credited, total } = await recordHeartbeat(pool, { userId: actor.id, trainingId, section, claimedSeconds: req.body.secondsSpent, now: at });
    const out = await handle(learnerAggregate, learnerStreamId(trainingId, actor.id), async () => ({
      type: 'SetSectionCompleted' as const, data: { section, completed: req.body.completed, secondsSpent: total },
      meta: { now: at.toISOString(), userId: actor.id, training, access },
    }), requestContext(req, actor));
    return { section, completed: out.state.sections[section] !== undefined, creditedSeconds: credited, secondsSpent: total, version: out.version };
  });

  app.post('/api/assessments/:id/attempts', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: AttemptBodySchema, response: { 201: AttemptResponseSchema },
      problems: {
        403: "Assessments are taken by the job's accepted closers (assessment.not_enrolled, academy.no_access).",
        404: 'No such assessment (assessment.not_found).',
        409: 'Passed already (assessment.already_passed), no attempts left (assessment.no_attempts_left), cooling down after a failed attempt (assessment.cooling_down, with details.nextAttemptAt), the assessment changed since it was opened (assessment.version_changed, with details.currentVersion), or answers that are not its questions\' (assessment.answer_mismatch).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const assessmentId = req.params.id;
    const trainingId = await trainingOfAssessment(pool, assessmentId);
    const { answers, startedAt, assessmentVersion } = req.body;
    // The training's state is taken once: a retry after a conflict on the learner's stream decides on the same questions.
    const { training, access } = await loadTraining(pool, store, trainingId, actor.id);
    const out = await handle(learnerAggregate, learnerStreamId(trainingId, actor.id), {
      type: 'SubmitAttempt' as const,
      data: { assessmentId, assessmentVersion, answers, startedAt: startedAt && new Date(startedAt).toISOString() },
      meta: { now: now().toISOString(), userId: actor.id, training, access },
    }, requestContext(req, actor));
    const mine = attemptsAt(out.state, assessmentId);
    const attempt = mine.at(-1)!;
    const rules = training.assessments.find((a) => a.id === assessmentId) ?? { maxAttempts: null, cooldownHours: 0 };
    const standing = attemptStanding(rules, mine);
    return reply.code(201).send({
      assessmentId, assessmentVersion: attempt.version, attempt: attempt.attempt, score: attempt.score, passed: attempt.passed,
      passingScore: attempt.passingScore, feedback: attempt.feedback, at: attempt.at,
      certified: out.state.certifiedAt !== null && out.events.some((e) => e.type === 'TrainingCertified'),
      attemptsLeft: standing.left, nextAttemptAt: standing.nextAttemptAt, version: out.version,
    });
  });
};
