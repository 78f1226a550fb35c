import { TrainingSectionSchema, type TrainingSection } from '@leadfloor/events';
import { z } from 'zod';
import { IdQuerySchema, INT32_MAX, InstantSchema } from './scalars';

export { TrainingSectionSchema, type TrainingSection };

/** Longest text of one training section, and the most assessments and questions a training holds. */
export const TRAINING_SECTION_MAX = 20_000;
export const ASSESSMENTS_PER_TRAINING_MAX = 20;
export const QUESTIONS_PER_ASSESSMENT_MAX = 50;
/** Time one progress heartbeat may credit at most: a gap longer than this between heartbeats is idle time. */
export const HEARTBEAT_IDLE_CUTOFF_SECONDS = 90;
/** How often the console sends a heartbeat while a section is open and visible. */
export const HEARTBEAT_INTERVAL_SECONDS = 30;

/** The heading each section has for learners and authors. */
export const trainingSectionTitles = {
  companyInfo: 'Company', productDetails: 'Product', questionsAndAnswers: 'Questions and answers',
  negotiationAnalysis: 'Negotiation', callScripts: 'Call scripts', desiredOutcome: 'Desired outcome', pitchDeck: 'Pitch deck',
} as const satisfies Record<z.infer<typeof TrainingSectionSchema>, string>;

const sectionText = z.string().max(TRAINING_SECTION_MAX, `At most ${TRAINING_SECTION_MAX.toLocaleString('en')} characters`).default('');
/** A pitch deck's address: a web page (http or https), never a script. */
export const PitchDeckUrlSchema = z.url({ protocol: /^https?$/, error: 'A web address starting with http:// or https://' }).max(2000);

/**
 * PUT /api/jobs/:id/training: the job's training content, whole (spec: training_content). An
 * empty section is left out of the training. `previewOpen` lets anyone signed in read it (and
 * track their reading); assessments and certification stay with the job's accepted closers.
 */
export const TrainingContentBodySchema = z.strictObject({
  companyInfo: sectionText, productDetails: sectionText, questionsAndAnswers: sectionText, negotiationAnalysis: sectionText,
  callScripts: sectionText, desiredOutcome: sectionText,
  pitchDeckUrl: PitchDeckUrlSchema.nullable().default(null),
  previewOpen: z.boolean().default(false),
});
export type TrainingContentBody = z.input<typeof TrainingContentBodySchema>;

const QuestionBodySchema = z.strictObject({
  prompt: z.string().trim().min(1, 'Write the question').max(1000),
  kind: z.enum(['single', 'multiple']),
  options: z.array(z.strictObject({ label: z.string().trim().min(1, 'Write the answer').max(300), correct: z.boolean() }))
    .min(2, 'Give at least two answers').max(10, 'At most ten answers'),
  explanation: z.string().trim().max(1000).nullable().default(null),
}).superRefine((q, ctx) => {
  const correct = q.options.filter((o) => o.correct).length;
  if (q.kind === 'single' && correct !== 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark exactly one answer as correct' });
  if (q.kind === 'multiple' && correct < 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark at least one answer as correct' });
});

/**
 * POST /api/trainings/:id/assessments and PUT /api/trainings/:id/assessments/:assessmentId: an
 * assessment, whole. Publishing again makes a new version; attempts keep the version they were
 * graded on. Questions and answers are numbered by the server (q1…, q1a…) in the order given.
 */
export const AssessmentBodySchema = z.strictObject({
  title: z.string().trim().min(1, 'Give the assessment a title').max(200),
  description: z.string().trim().max(2000).default(''),
  section: TrainingSectionSchema.nullable().default(null),
  questions: z.array(QuestionBodySchema).min(1, 'Add at least one question').max(QUESTIONS_PER_ASSESSMENT_MAX),
  passingScore: z.number().int().min(1).max(100).default(70),
  /** null: as many attempts as the learner needs. */
  maxAttempts: z.number().int().min(1).max(100).nullable().default(null),
  /** Hours a learner waits after a failed attempt before the next one. */
  cooldownHours: z.number().int().min(0).max(720).default(0),
});
export type AssessmentBody = z.input<typeof AssessmentBodySchema>;

export const TrainingParamsSchema = z.object({ id: IdQuerySchema });
export const AssessmentParamsSchema = z.object({ id: IdQuerySchema, assessmentId: IdQuerySchema });
export const SectionParamsSchema = z.object({ id: IdQuerySchema, section: TrainingSectionSchema });

/** POST /api/trainings/:id/sections/:section/progress: a heartbeat while the section is open, and its completion. */
export const SectionProgressBodySchema = z.strictObject({
  completed: z.boolean(),
  /** Seconds the console counted since its last heartbeat; the server credits no more than the heartbeats show. */
  secondsSpent: z.number().int().min(0).max(3600),
});
export type SectionProgressBody = z.input<typeof SectionProgressBodySchema>;

/** POST /api/assessments/:id/attempts: the option ids chosen per question id. */
export const AttemptBodySchema = z.strictObject({
  answers: z.record(z.string().max(20), z.array(z.string().max(20)).max(10)).refine((a) => Object.keys(a).length <= QUESTIONS_PER_ASSESSMENT_MAX, 'Too many answers'),
  /** When the learner opened the assessment (shown in their history). */
  startedAt: InstantSchema.nullable().default(null),
  /** The assessment version the learner answered; a newer one answers 409 assessment.version_changed. */
  assessmentVersion: z.number().int().min(1).max(INT32_MAX),
});
export type AttemptBody = z.input<typeof AttemptBodySchema>;

export const TrainingCommandResponseSchema = z.object({ trainingId: z.number().int(), version: z.number().int() });
export const AssessmentCommandResponseSchema = z.object({
  trainingId: z.number().int(), assessmentId: z.number().int(), assessmentVersion: z.number().int(), version: z.number().int(),
});
export const SectionProgressResponseSchema = z.object({
  section: TrainingSectionSchema, completed: z.boolean(),
  /** Seconds this heartbeat was credited, and the section's total so far. */
  creditedSeconds: z.number().int(), secondsSpent: z.number().int(),
  /** The learner stream's version (read-your-writes). */
  version: z.number().int(),
});
export type SectionProgressResponse = z.infer<typeof SectionProgressResponseSchema>;

export const AttemptFeedbackSchema = z.object({
  questionId: z.string(), correct: z.boolean(), chosenOptionIds: z.array(z.string()), correctOptionIds: z.array(z.string()),
  explanation: z.string().nullable(),
});

export const AttemptResultSchema = z.object({
  assessmentId: z.number().int(), assessmentVersion: z.number().int(), attempt: z.number().int(), score: z.number().int(),
  passed: z.boolean(), passingScore: z.number().int(), feedback: z.array(AttemptFeedbackSchema), at: z.string(),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

export const AttemptResponseSchema = AttemptResultSchema.extend({
  /** This attempt completed the training's assessments: the closer is certified. */
  certified: z.boolean(),
  attemptsLeft: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  version: z.number().int(),
});
export type AttemptResponse = z.infer<typeof AttemptResponseSchema>;

/** How the signed-in user may use a training: its job's owner, an accepted closer, or a preview reader. */
export const TrainingAccessSchema = z.enum(['owner', 'enrolled', 'preview']);
export type TrainingAccess = z.infer<typeof TrainingAccessSchema>;

const SectionStateSchema = z.object({
  section: TrainingSectionSchema, title: z.string(), completed: z.boolean(), completedAt: z.string().nullable(),
  secondsSpent: z.number().int(), lastAccessedAt: z.string().nullable(),
});
export type SectionState = z.infer<typeof SectionStateSchema>;

export const TrainingSummarySchema = z.object({
  trainingId: z.number().int(), jobId: z.number().int(), jobTitle: z.string(), companyName: z.string(), access: TrainingAccessSchema,
  sectionsTotal: z.number().int(), sectionsCompleted: z.number().int(),
  assessmentsTotal: z.number().int(), assessmentsPassed: z.number().int(),
  /** 0-100: completed sections and passed assessments over all of them. */
  percent: z.number().int(), certifiedAt: z.string().nullable(), lastAccessedAt: z.string().nullable(), updatedAt: z.string(),
});
export type TrainingSummary = z.infer<typeof TrainingSummarySchema>;

export const AcademyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'A cursor from a previous page').optional(),
});
export const AcademyResponseSchema = z.object({ trainings: z.array(TrainingSummarySchema), nextCursor: z.string().nullable() });
export type AcademyResponse = z.infer<typeof AcademyResponseSchema>;

/** GET /api/academy/:jobId and GET /api/jobs/:id/training: the content, and the reader's progress through it. */
export const TrainingViewSchema = z.object({
  trainingId: z.number().int(), jobId: z.number().int(), jobTitle: z.string(), companyName: z.string(), access: TrainingAccessSchema,
  content: z.object({
    companyInfo: z.string(), productDetails: z.string(), questionsAndAnswers: z.string(), negotiationAnalysis: z.string(),
    callScripts: z.string(), desiredOutcome: z.string(), pitchDeckUrl: z.string().nullable(),
  }),
  previewOpen: z.boolean(), sections: z.array(SectionStateSchema), assessmentsTotal: z.number().int(), assessmentsPassed: z.number().int(),
  certifiedAt: z.string().nullable(), percent: z.number().int(), updatedAt: z.string(),
  /** The training stream's version. */
  version: z.number().int(),
});
export type TrainingView = z.infer<typeof TrainingViewSchema>;

export const TrainingReadQuerySchema = z.strictObject({
  /** A command's answered version (training or learner stream): wait, bounded, until the read shows it. */
  minVersion: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});

/** GET /api/jobs/:id/training for its owner: the content (or none yet) and the preview switch. */
export const TrainingDraftSchema = z.object({
  jobId: z.number().int(), jobTitle: z.string(), companyName: z.string(), exists: z.boolean(),
  content: TrainingViewSchema.shape.content, previewOpen: z.boolean(), version: z.number().int(),
});
export type TrainingDraft = z.infer<typeof TrainingDraftSchema>;

const QuestionViewSchema = z.object({
  id: z.string(), prompt: z.string(), kind: z.enum(['single', 'multiple']),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
  /** The answer key: only to the job's owner. */
  correctOptionIds: z.array(z.string()).optional(), explanation: z.string().nullable().optional(),
});
export type QuestionView = z.infer<typeof QuestionViewSchema>;

export const AssessmentViewSchema = z.object({
  id: z.number().int(), trainingId: z.number().int(), version: z.number().int(), title: z.string(), description: z.string(),
  section: TrainingSectionSchema.nullable(), passingScore: z.number().int(), maxAttempts: z.number().int().nullable(),
  cooldownHours: z.number().int(), questions: z.array(QuestionViewSchema), publishedAt: z.string(),
  /** The reader's own record (zeros for the owner). */
  attemptsUsed: z.number().int(), attemptsLeft: z.number().int().nullable(), nextAttemptAt: z.string().nullable(),
  passed: z.boolean(), bestScore: z.number().int().nullable(), lastAttempt: AttemptResultSchema.nullable(),
});
export type AssessmentView = z.infer<typeof AssessmentViewSchema>;
export const AssessmentsResponseSchema = z.object({
  trainingId: z.number().int(), jobTitle: z.string(), access: TrainingAccessSchema, assessments: z.array(AssessmentViewSchema),
  certifiedAt: z.string().nullable(),
});
export type AssessmentsResponse = z.infer<typeof AssessmentsResponseSchema>;

/** One side of the training's outcome: the closer's calls in that period, and how many each figure rests on. */
export const CallFiguresSchema = z.object({
  calls: z.number().int(),
  analyzedCalls: z.number().int(),
  /** 0-100, mean over analysed calls. */
  scriptAdherence: z.number().nullable(),
  /** 0-10, mean over analysed calls. */
  sentiment: z.number().nullable(),
  /** Calls whose lead the closer then sold, over the calls (0-100). */
  conversion: z.number().nullable(),
  convertedCalls: z.number().int(),
});
export type CallFigures = z.infer<typeof CallFiguresSchema>;
export const TrainingOutcomeSchema = z.object({
  /** The split: certification (or, before it, now). */
  certifiedAt: z.string().nullable(), before: CallFiguresSchema, after: CallFiguresSchema.nullable(),
});
export type TrainingOutcome = z.infer<typeof TrainingOutcomeSchema>;

export const ProgressQuerySchema = z.strictObject({
  /** The job's owner reads a closer's progress; anyone else only their own. */
  userId: IdQuerySchema.optional(),
  minVersion: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});

export const AttemptHistorySchema = z.object({
  assessmentId: z.number().int(), title: z.string(), currentVersion: z.number().int(), passingScore: z.number().int(),
  passed: z.boolean(), bestScore: z.number().int().nullable(),
  attempts: z.array(z.object({ attempt: z.number().int(), assessmentVersion: z.number().int(), score: z.number().int(), passed: z.boolean(), at: z.string() })),
});
export const TrainingProgressSchema = z.object({
  trainingId: z.number().int(), jobId: z.number().int(), jobTitle: z.string(), companyName: z.string(),
  learner: z.object({ id: z.number().int(), fullName: z.string() }),
  sections: z.array(SectionStateSchema), secondsSpent: z.number().int(), percent: z.number().int(),
  assessments: z.array(AttemptHistorySchema), certifiedAt: z.string().nullable(), outcome: TrainingOutcomeSchema,
  version: z.number().int(),
});
export type TrainingProgress = z.infer<typeof TrainingProgressSchema>;

/** GET /api/trainings/:id/learners: the job owner's view of who is learning, a page at a time. */
export const LearnersQuerySchema = AcademyQuerySchema;
export const LearnerSummarySchema = z.object({
  userId: z.number().int(), fullName: z.string(), sectionsCompleted: z.number().int(), assessmentsPassed: z.number().int(),
  percent: z.number().int(), certifiedAt: z.string().nullable(), lastActiveAt: z.string(),
});
export const LearnersResponseSchema = z.object({
  learners: z.array(LearnerSummarySchema), nextCursor: z.string().nullable(), sectionsTotal: z.number().int(), assessmentsTotal: z.number().int(),
});
export type LearnersResponse = z.infer<typeof LearnersResponseSchema>;
