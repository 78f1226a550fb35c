import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  AcademyResponseSchema, AssessmentsResponseSchema, LearnersResponseSchema, TrainingDraftSchema, TrainingProgressSchema, TrainingViewSchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const academyKeys = {
  all: ['academy'] as const,
  mine: () => [...academyKeys.all, 'mine'] as const,
  training: (id: number) => [...academyKeys.all, 'training', id] as const,
  view: (id: number) => [...academyKeys.training(id), 'view'] as const,
  draft: (id: number) => [...academyKeys.training(id), 'draft'] as const,
  assessments: (id: number) => [...academyKeys.training(id), 'assessments'] as const,
  progress: (id: number, userId: number | null) => [...academyKeys.training(id), 'progress', userId] as const,
  learners: (id: number) => [...academyKeys.training(id), 'learners'] as const,
};

/** Trainings a page of /academy holds. */
export const ACADEMY_PAGE_SIZE = 24;

export const myTrainingsQuery = () => infiniteQueryOptions({
  queryKey: academyKeys.mine(),
  initialPageParam: null as string | null,
  queryFn: ({ signal, pageParam }) => api.get('/api/academy', AcademyResponseSchema, { signal, params: { limit: ACADEMY_PAGE_SIZE, cursor: pageParam } }),
  getNextPageParam: (page) => page.nextCursor,
});

export const trainingViewQuery = (id: number) => queryOptions({
  queryKey: academyKeys.view(id),
  queryFn: ({ signal }) => api.get(`/api/academy/${id}`, TrainingViewSchema, { signal }),
});

export const trainingDraftQuery = (jobId: number) => queryOptions({
  queryKey: academyKeys.draft(jobId),
  queryFn: ({ signal }) => api.get(`/api/jobs/${jobId}/training`, TrainingDraftSchema, { signal }),
  retry: false,
});

export const assessmentsQuery = (id: number) => queryOptions({
  queryKey: academyKeys.assessments(id),
  queryFn: ({ signal }) => api.get(`/api/trainings/${id}/assessments`, AssessmentsResponseSchema, { signal }),
});

export const progressQuery = (id: number, userId: number | null) => queryOptions({
  queryKey: academyKeys.progress(id, userId),
  queryFn: ({ signal }) => api.get(`/api/trainings/${id}/progress`, TrainingProgressSchema, { signal, params: { userId } }),
});

export const learnersQuery = (id: number) => infiniteQueryOptions({
  queryKey: academyKeys.learners(id),
  initialPageParam: null as string | null,
  queryFn: ({ signal, pageParam }) => api.get(`/api/trainings/${id}/learners`, LearnersResponseSchema, { signal, params: { limit: 20, cursor: pageParam } }),
  getNextPageParam: (page) => page.nextCursor,
});
