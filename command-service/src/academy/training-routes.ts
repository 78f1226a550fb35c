import {
  AssessmentBodySchema, AssessmentCommandResponseSchema, AssessmentParamsSchema, IdParamsSchema, TrainingCommandResponseSchema,
  TrainingContentBodySchema, TrainingParamsSchema,
} from '@leadfloor/contracts';
import { trainingStreamId, type AssessmentQuestion } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { trainingAggregate } from './decide-training';
import { loadJob } from './training-facts';

export type TrainingRouteDeps = { store: EventStore; handle: HandleCommand; now: () => Date };

type AssessmentInput = z.output<typeof AssessmentBodySchema>;

/** Questions and answers numbered in the order given (q1, q1a, q1b…): attempts name them. */
function numbered(questions: AssessmentInput['questions']): AssessmentQuestion[] {
  return questions.map((q, i) => {
    const qid = `q${i + 1}`;
    const options = q.options.map((o, j) => ({ id: `${qid}${String.fromCharCode(97 + j)}`, label: o.label, correct: o.correct }));
    return {
      id: qid, prompt: q.prompt, kind: q.kind, options: options.map(({ id, label }) => ({ id, label })),
      correctOptionIds: options.filter((o) => o.correct).map((o) => o.id), explanation: q.explanation || null,
    };
  });
}
const assessmentFields = (b: AssessmentInput) => ({
  title: b.title, description: b.description, section: b.section, questions: numbered(b.questions), passingScore: b.passingScore,
  maxAttempts: b.maxAttempts, cooldownHours: b.cooldownHours,
});

const ownerOnly = "Only the job's owner writes its training (training.not_owner).";

/**
 * Authoring a job's training (its owner only): the content, and assessments published,
 * republished as new versions, and withdrawn. The training's id is the job's id.
 */
export const trainingRoutes: FastifyPluginAsyncZod<TrainingRouteDeps> = async (app, { store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.put('/api/jobs/:id/training', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: TrainingContentBodySchema, response: { 200: TrainingCommandResponseSchema },
      problems: { 403: ownerOnly, 404: 'No such job (job.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const jobId = req.params.id;
    const { previewOpen, ...content } = req.body;
    const out = await handle(trainingAggregate, trainingStreamId(jobId), async () => ({
      type: 'SaveTrainingContent' as const, data: { content, previewOpen },
      meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, job: await loadJob(store, jobId) },
    }), requestContext(req, actor));
    return { trainingId: jobId, version: out.version };
  });

  app.post('/api/trainings/:id/assessments', {
    schema: {
      params: TrainingParamsSchema, headers: IdempotencyKeyHeaders, body: AssessmentBodySchema, response: { 201: AssessmentCommandResponseSchema },
      problems: {
        403: ownerOnly, 404: 'No such job, or it has no training yet (job.not_found, training.not_found).',
        409: 'The training holds the most assessments it may (assessment.too_many).',
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const trainingId = req.params.id;
    const assessmentId = await store.nextId('assessment');
    const out = await handle(trainingAggregate, trainingStreamId(trainingId), async () => ({
      type: 'PublishAssessment' as const, data: { assessmentId, isNew: true, ...assessmentFields(req.body) },
      meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, job: await loadJob(store, trainingId) },
    }), requestContext(req, actor));
    const published = out.state.assessments.find((a) => a.id === assessmentId)!;
    return reply.code(201).send({ trainingId, assessmentId, assessmentVersion: published.version, version: out.version });
  });

  app.put('/api/trainings/:id/assessments/:assessmentId', {
    schema: {
      params: AssessmentParamsSchema, headers: IdempotencyKeyHeaders, body: AssessmentBodySchema, response: { 200: AssessmentCommandResponseSchema },
      problems: { 403: ownerOnly, 404: 'No such job, training or assessment (assessment.not_found).', 409: 'The assessment was withdrawn (assessment.withdrawn).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { id: trainingId, assessmentId } = req.params;
    const out = await handle(trainingAggregate, trainingStreamId(trainingId), async () => ({
      type: 'PublishAssessment' as const, data: { assessmentId, isNew: false, ...assessmentFields(req.body) },
      meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, job: await loadJob(store, trainingId) },
    }), requestContext(req, actor));
    const published = out.state.assessments.find((a) => a.id === assessmentId)!;
    return { trainingId, assessmentId, assessmentVersion: published.version, version: out.version };
  });

  app.delete('/api/trainings/:id/assessments/:assessmentId', {
    schema: {
      params: AssessmentParamsSchema, headers: IdempotencyKeyHeaders, body: z.strictObject({}).nullish(), response: { 200: AssessmentCommandResponseSchema },
      problems: { 403: ownerOnly, 404: 'No such job, training or assessment (assessment.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { id: trainingId, assessmentId } = req.params;
    const out = await handle(trainingAggregate, trainingStreamId(trainingId), async () => ({
      type: 'WithdrawAssessment' as const, data: { assessmentId },
      meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, job: await loadJob(store, trainingId) },
    }), requestContext(req, actor));
    const a = out.state.assessments.find((x) => x.id === assessmentId)!;
    return { trainingId, assessmentId, assessmentVersion: a.version, version: out.version };
  });
};
