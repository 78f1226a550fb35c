import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssessmentCommandResponseSchema, AttemptResponseSchema, SectionProgressResponseSchema, TrainingCommandResponseSchema,
  TrainingDraftSchema, TrainingProgressSchema, type AssessmentBody, type SectionProgressBody, type TrainingContentBody, type TrainingSection,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { academyKeys } from './academy-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/**
 * Reads until the read model shows the answered version: each read is held by the gateway (up
 * to 2 s) until it does; a busy floor may take a few. Done all the same after five: the screen
 * then shows what the model has, and catches up on its next read.
 */
async function untilVersion(read: () => Promise<{ version: number }>, version: number) {
  for (let i = 0; i < 5; i++) {
    const seen = await read().catch(() => null);
    if (seen && seen.version >= version) return;
  }
}

/**
 * Authoring commands, then the training's reads refetched once the read model has the change
 * (the gateway holds the first read until the training reaches the answered version).
 */
function useAuthoring<V>(send: (vars: V) => Promise<{ trainingId: number; version: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const out = await send(vars);
      await untilVersion(() => api.get(`/api/jobs/${out.trainingId}/training`, TrainingDraftSchema, { params: { minVersion: out.version } }), out.version);
      return out;
    },
    onSuccess: (out) => queryClient.invalidateQueries({ queryKey: academyKeys.training(out.trainingId) }),
  });
}

export const useSaveTraining = () =>
  useAuthoring(({ jobId, body }: { jobId: number; body: TrainingContentBody }) =>
    api.put(`/api/jobs/${jobId}/training`, body, TrainingCommandResponseSchema, idempotent()));

export const usePublishAssessment = () =>
  useAuthoring(({ trainingId, assessmentId, body }: { trainingId: number; assessmentId: number | null; body: AssessmentBody }) => (assessmentId === null
    ? api.post(`/api/trainings/${trainingId}/assessments`, body, AssessmentCommandResponseSchema, idempotent())
    : api.put(`/api/trainings/${trainingId}/assessments/${assessmentId}`, body, AssessmentCommandResponseSchema, idempotent())));

export const useWithdrawAssessment = () =>
  useAuthoring(({ trainingId, assessmentId }: { trainingId: number; assessmentId: number }) =>
    api.delete(`/api/trainings/${trainingId}/assessments/${assessmentId}`, AssessmentCommandResponseSchema, idempotent()));

/** One heartbeat (and completion) of a section; the answer is the time the server credited. */
export const sendSectionProgress = (trainingId: number, section: TrainingSection, body: SectionProgressBody) =>
  api.post(`/api/trainings/${trainingId}/sections/${section}/progress`, body, SectionProgressResponseSchema);

export function useCompleteSection(trainingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ section, completed, secondsSpent }: { section: TrainingSection; completed: boolean; secondsSpent: number }) => {
      const out = await sendSectionProgress(trainingId, section, { completed, secondsSpent });
      // The learner's record has a version of its own: wait for it, not the training's.
      await untilVersion(() => api.get(`/api/trainings/${trainingId}/progress`, TrainingProgressSchema, { params: { minVersion: out.version } }), out.version);
      return out;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: academyKeys.training(trainingId) });
      void queryClient.invalidateQueries({ queryKey: academyKeys.mine() });
    },
  });
}

export function useSubmitAttempt(trainingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assessmentId, body }: { assessmentId: number; body: { answers: Record<string, string[]>; assessmentVersion: number; startedAt: string | null } }) => {
      const out = await api.post(`/api/assessments/${assessmentId}/attempts`, body, AttemptResponseSchema, idempotent());
      await untilVersion(() => api.get(`/api/trainings/${trainingId}/progress`, TrainingProgressSchema, { params: { minVersion: out.version } }), out.version);
      return out;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: academyKeys.training(trainingId) });
      void queryClient.invalidateQueries({ queryKey: academyKeys.mine() });
    },
  });
}
