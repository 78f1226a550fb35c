import type { AssessmentQuestion, TrainingContent, TrainingEvent, TrainingSection } from '@leadfloor/events';
import type { Actor } from '../leads/commands';

/** An assessment as its latest publish has it (`version` counts its publishes). */
export type Assessment = {
  id: number; version: number; title: string; description: string; section: TrainingSection | null; questions: AssessmentQuestion[];
  passingScore: number; maxAttempts: number | null; cooldownHours: number; publishedAt: string; withdrawn: boolean;
};

export type Training =
  | { exists: false; assessments: Assessment[] }
  | { exists: true; id: number; jobId: number; content: TrainingContent; previewOpen: boolean; updatedAt: string; assessments: Assessment[] };

/** The job a training belongs to, as the closers hub has it (null: no such job). */
export type TrainingJob = { id: number; ownerId: number; title: string; companyName: string } | null;

type Meta = { now: string; actor: Actor; job: TrainingJob };
export type SaveTrainingContent = { type: 'SaveTrainingContent'; data: { content: TrainingContent; previewOpen: boolean }; meta: Meta };
/** `assessmentId`: a new id (create) or the assessment to publish again (edit). */
export type PublishAssessment = {
  type: 'PublishAssessment';
  data: Omit<Assessment, 'id' | 'version' | 'publishedAt' | 'withdrawn'> & { assessmentId: number; isNew: boolean };
  meta: Meta;
};
export type WithdrawAssessment = { type: 'WithdrawAssessment'; data: { assessmentId: number }; meta: Meta };
export type TrainingCommand = SaveTrainingContent | PublishAssessment | WithdrawAssessment;

export const initialTraining = (): Training => ({ exists: false, assessments: [] });

export function evolveTraining(s: Training, e: TrainingEvent): Training {
  switch (e.type) {
    case 'TrainingContentSaved': {
      const d = e.data;
      return { exists: true, id: d.trainingId, jobId: d.jobId, content: d.content, previewOpen: d.previewOpen, updatedAt: d.at, assessments: s.assessments };
    }
    case 'AssessmentPublished': {
      const { trainingId: _t, assessmentId, at, ...rest } = e.data;
      const next: Assessment = { id: assessmentId, ...rest, publishedAt: at, withdrawn: false };
      const others = s.assessments.filter((a) => a.id !== assessmentId);
      const known = others.length !== s.assessments.length;
      // Kept in the order they were first published.
      const assessments = known ? s.assessments.map((a) => (a.id === assessmentId ? next : a)) : [...others, next];
      return { ...s, assessments };
    }
    case 'AssessmentWithdrawn':
      return { ...s, assessments: s.assessments.map((a) => (a.id === e.data.assessmentId ? { ...a, withdrawn: true } : a)) };
  }
}

/** The assessments a learner must pass now: published and not withdrawn. */
export const liveAssessments = (s: Training) => s.assessments.filter((a) => !a.withdrawn);
