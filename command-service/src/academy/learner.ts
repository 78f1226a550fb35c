import type { LearnerEvent, QuestionFeedback, TrainingSection } from '@leadfloor/events';
import type { Training } from './training';

export type LearnerAttempt = {
  assessmentId: number; version: number; attempt: number; score: number; passed: boolean; passingScore: number; feedback: QuestionFeedback[]; at: string;
};

/** One closer's record of one training: sections completed, graded attempts, certification. */
export type Learner = {
  sections: Partial<Record<TrainingSection, { completedAt: string; secondsSpent: number }>>;
  attempts: LearnerAttempt[];
  certifiedAt: string | null;
};

/**
 * How the signed-in user stands to a training: the job's owner, an accepted closer of the job
 * (`enrolled`), anyone when the owner opened a preview (`preview`), else null.
 */
export type LearnerAccess = 'owner' | 'enrolled' | 'preview' | null;

type Meta = { now: string; userId: number; training: Training; access: LearnerAccess };
/** `secondsSpent`: the time credited to the section so far (from the heartbeats), recorded with its completion. */
export type SetSectionCompleted = {
  type: 'SetSectionCompleted'; data: { section: TrainingSection; completed: boolean; secondsSpent: number }; meta: Meta;
};
export type SubmitAttempt = {
  type: 'SubmitAttempt';
  data: { assessmentId: number; assessmentVersion: number; answers: Record<string, string[]>; startedAt: string | null };
  meta: Meta;
};
export type LearnerCommand = SetSectionCompleted | SubmitAttempt;

export const initialLearner = (): Learner => ({ sections: {}, attempts: [], certifiedAt: null });

export function evolveLearner(s: Learner, e: LearnerEvent): Learner {
  switch (e.type) {
    case 'TrainingSectionCompleted':
      return { ...s, sections: { ...s.sections, [e.data.section]: { completedAt: e.data.at, secondsSpent: e.data.secondsSpent } } };
    case 'TrainingSectionReopened': {
      const { [e.data.section]: _gone, ...sections } = s.sections;
      return { ...s, sections };
    }
    case 'AssessmentAttemptGraded': {
      const d = e.data;
      return { ...s, attempts: [...s.attempts, {
        assessmentId: d.assessmentId, version: d.assessmentVersion, attempt: d.attempt, score: d.score, passed: d.passed,
        passingScore: d.passingScore, feedback: d.feedback, at: d.at,
      }] };
    }
    case 'TrainingCertified':
      return { ...s, certifiedAt: e.data.at };
  }
}

export const attemptsAt = (s: Learner, assessmentId: number) => s.attempts.filter((a) => a.assessmentId === assessmentId);
