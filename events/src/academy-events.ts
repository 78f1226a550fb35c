import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/**
 * A training's sections, in the order a learner reads them (spec: training_content). A section
 * the author left empty is not part of the training.
 */
export const TrainingSectionSchema = z.enum([
  'companyInfo', 'productDetails', 'questionsAndAnswers', 'negotiationAnalysis', 'callScripts', 'desiredOutcome', 'pitchDeck',
]);
export type TrainingSection = z.infer<typeof TrainingSectionSchema>;
export const trainingSections = TrainingSectionSchema.options;

export const TrainingContentSchema = z.object({
  companyInfo: z.string(), productDetails: z.string(), questionsAndAnswers: z.string(), negotiationAnalysis: z.string(),
  callScripts: z.string(), desiredOutcome: z.string(), pitchDeckUrl: z.string().nullable(),
});
export type TrainingContent = z.infer<typeof TrainingContentSchema>;

/** The sections a training holds: those its author wrote something in, in reading order. */
export function sectionsOf(c: TrainingContent): TrainingSection[] {
  return trainingSections.filter((s) => (s === 'pitchDeck' ? c.pitchDeckUrl !== null : c[s].trim().length > 0));
}

export const AssessmentOptionSchema = z.object({ id: z.string(), label: z.string() });
/** One question with its answer key: `single` has one correct option, `multiple` one or more. */
export const AssessmentQuestionSchema = z.object({
  id: z.string(), prompt: z.string(), kind: z.enum(['single', 'multiple']), options: z.array(AssessmentOptionSchema),
  correctOptionIds: z.array(z.string()), explanation: z.string().nullable(),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestionSchema>;

/** What a graded answer shows the learner once submitted: right or wrong, and the key. */
export const QuestionFeedbackSchema = z.object({
  questionId: z.string(), correct: z.boolean(), chosenOptionIds: z.array(z.string()), correctOptionIds: z.array(z.string()),
  explanation: z.string().nullable(),
});
export type QuestionFeedback = z.infer<typeof QuestionFeedbackSchema>;

/**
 * Academy events. A training's id is its job's id: one training per job, on `training-<jobId>`,
 * holding its content and its assessments (each publish of an assessment is a new version of
 * it; attempts name the version they were graded on). A learner's own record of one training is
 * `training_learner-<trainingId>_<userId>`: sections completed, graded attempts, certification,
 * so attempts, cooldowns and certification are decided on one stream. Time spent reading is
 * telemetry (heartbeats, a table of its own), not events; a completed section records the time
 * credited until then.
 */
export const academyEventSchemas = {
  TrainingContentSaved: z.object({ trainingId: id, jobId: id, content: TrainingContentSchema, previewOpen: z.boolean(), at }),
  AssessmentPublished: z.object({
    trainingId: id, assessmentId: id, version: z.number().int().min(1), title: z.string(), description: z.string(),
    section: TrainingSectionSchema.nullable(), questions: z.array(AssessmentQuestionSchema),
    passingScore: z.number().int().min(0).max(100), maxAttempts: z.number().int().min(1).nullable(), cooldownHours: z.number().min(0), at,
  }),
  AssessmentWithdrawn: z.object({ trainingId: id, assessmentId: id, at }),
  TrainingSectionCompleted: z.object({ trainingId: id, userId: id, section: TrainingSectionSchema, secondsSpent: z.number().int().min(0), at }),
  TrainingSectionReopened: z.object({ trainingId: id, userId: id, section: TrainingSectionSchema, at }),
  AssessmentAttemptGraded: z.object({
    trainingId: id, userId: id, assessmentId: id, assessmentVersion: z.number().int().min(1), attempt: z.number().int().min(1),
    answers: z.record(z.string(), z.array(z.string())), score: z.number().int().min(0).max(100), passed: z.boolean(),
    passingScore: z.number().int().min(0).max(100), feedback: z.array(QuestionFeedbackSchema), startedAt: at.nullable(), at,
  }),
  TrainingCertified: z.object({
    trainingId: id, jobId: id, userId: id,
    assessments: z.array(z.object({ assessmentId: id, version: z.number().int().min(1), score: z.number().int() })), at,
  }),
} as const;

export type AcademyEventType = keyof typeof academyEventSchemas;
export type AcademyEvent = { [T in AcademyEventType]: { type: T; data: z.infer<(typeof academyEventSchemas)[T]> } }[AcademyEventType];
export type TrainingEvent = Extract<AcademyEvent, { type: 'TrainingContentSaved' | 'AssessmentPublished' | 'AssessmentWithdrawn' }>;
export type LearnerEvent = Exclude<AcademyEvent, TrainingEvent>;

export const trainingStreamId = (trainingId: number) => `training-${trainingId}`;
export const learnerStreamId = (trainingId: number, userId: number) => `training_learner-${trainingId}_${userId}`;
/** The training and learner of a `training_learner-…` stream id (null for any other stream). */
export function learnerOfStream(streamId: string): { trainingId: number; userId: number } | null {
  const m = /^training_learner-(\d+)_(\d+)$/.exec(streamId);
  return m ? { trainingId: Number(m[1]), userId: Number(m[2]) } : null;
}

/**
 * How someone stands to a job's training: its owner; an accepted closer of the job (`enrolled`:
 * reads, is tracked, takes assessments, is certified); anyone else only while the owner keeps a
 * preview open (reads and is tracked); otherwise no access (null).
 */
export function trainingAccess(f: { userId: number; ownerId: number; accepted: boolean; previewOpen: boolean }): 'owner' | 'enrolled' | 'preview' | null {
  if (f.userId === f.ownerId) return 'owner';
  if (f.accepted) return 'enrolled';
  return f.previewOpen ? 'preview' : null;
}
