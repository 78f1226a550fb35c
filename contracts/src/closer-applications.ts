import { z } from 'zod';
import { IdQuerySchema, INT32_MAX } from './scalars';
import {
  APPLICATION_FILES_MAX, APPLICATION_MESSAGE_MAX, APPLICATION_TEXT_MAX, ApplicationStatusReasonSchema, ApplicationStatusSchema, CloserFileSchema, CursorSchema, FEEDBACK_MAX, FileIdSchema, JobStatusSchema, REVIEWER_NOTE_MAX, WeekdaySchema, applicationCountsSchema, httpsUrl, limit, minVersion, optionalText, trimmed,
} from './closers';

// Closers hub, the applicant's side and the employer's figures (jobs and files: closers.ts).
// ---------------------------------------------------------------- applications

/** POST /api/jobs/:id/applications (spec job_applications). One per closer and job: a second is 409. */
export const ApplyBodySchema = z.strictObject({
  experience: trimmed(1, APPLICATION_TEXT_MAX, 'Tell them about your experience'),
  message: trimmed(1, APPLICATION_TEXT_MAX, 'Write a message to the employer'),
  linkedinProfile: httpsUrl('A LinkedIn profile').refine((u) => /^https:\/\/([a-z0-9-]+\.)*linkedin\.com(\/|$)/i.test(u), 'A linkedin.com address').nullable().optional(),
  availableHoursPerWeek: z.number().int('Whole hours').min(1, 'At least 1 hour').max(168, 'At most 168 hours'),
  /** A calendar date, `2026-01-15`. */
  availableStartDate: z.iso.date('A date (YYYY-MM-DD)').refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'A date between 2000 and 2999'),
  availableDays: z.array(WeekdaySchema).min(1, 'Choose at least one day').max(7)
    .refine((d) => new Set(d).size === d.length, 'Each day once'),
  /** Resume and attachments: ids from POST /api/closers/files. */
  fileUploads: z.array(FileIdSchema).max(APPLICATION_FILES_MAX, `At most ${APPLICATION_FILES_MAX} files`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each file once').optional(),
});
export type ApplyBody = z.input<typeof ApplyBodySchema>;

/**
 * POST /api/applications/:id/status: the job's owner (or a manager) moves it. `expectedVersion`
 * is required: of two reviewers deciding at once, one wins and the other gets 409.
 * A withdrawn application cannot be moved.
 */
export const ApplicationStatusBodySchema = z.strictObject({
  status: ApplicationStatusSchema,
  feedback: optionalText(FEEDBACK_MAX).optional(),
  expectedVersion: z.number().int().min(0).max(INT32_MAX),
});
export type ApplicationStatusBody = z.input<typeof ApplicationStatusBodySchema>;

/** POST /api/applications/:id/withdraw: the applicant, from pending or reviewing. */
export const WithdrawApplicationBodySchema = z.strictObject({
  expectedVersion: z.number().int().min(0).max(INT32_MAX).optional(),
}).nullish();

export const ApplicationParamsSchema = z.object({ id: IdQuerySchema });
export const ApplicationReadQuerySchema = z.strictObject({ minVersion });
export const ApplicationCommandResponseSchema = z.object({
  id: z.number().int(), jobId: z.number().int(), status: ApplicationStatusSchema,
  statusReason: ApplicationStatusReasonSchema.nullable(), version: z.number().int(),
});
export type ApplicationCommandResponse = z.infer<typeof ApplicationCommandResponseSchema>;

/** One step of an application's status timeline. */
export const ApplicationStatusStepSchema = z.object({
  status: ApplicationStatusSchema,
  statusReason: ApplicationStatusReasonSchema.nullable(),
  feedback: z.string().nullable(),
  at: z.string(),
  byUserId: z.number().int(),
  byName: z.string(),
});
export type ApplicationStatusStep = z.infer<typeof ApplicationStatusStepSchema>;

const jobRefSchema = z.object({
  id: z.number().int(), title: z.string(), companyName: z.string(), status: JobStatusSchema,
  ownerId: z.number().int(), ownerName: z.string(),
});

/** A card of a list (mine, or a job's applications). */
export const ApplicationSummarySchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  job: jobRefSchema,
  closerId: z.number().int(),
  closerName: z.string(),
  closerAvatarUrl: z.string().nullable(),
  availableHoursPerWeek: z.number().int(),
  availableStartDate: z.string(),
  status: ApplicationStatusSchema,
  statusReason: ApplicationStatusReasonSchema.nullable(),
  createdAt: z.string(),
  /** When it entered its current status (days in status). */
  statusChangedAt: z.string(),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  version: z.number().int(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

/** GET /api/applications/:id: the applicant, the job's owner, a manager. */
export const ApplicationSchema = ApplicationSummarySchema.extend({
  experience: z.string(),
  message: z.string(),
  linkedinProfile: z.string().nullable(),
  availableDays: z.array(WeekdaySchema),
  fileUploads: z.array(CloserFileSchema),
  feedback: z.string().nullable(),
  /** First reply of the employer's side (a status change or a message). */
  firstResponseAt: z.string().nullable(),
  timeline: z.array(ApplicationStatusStepSchema),
  viewer: z.object({
    isApplicant: z.boolean(),
    /** Owner of the job or a manager: may change the status and read and write reviewer notes. */
    canReview: z.boolean(),
    /** One of the thread's two parties (applicant or the job's owner). */
    canMessage: z.boolean(),
    canWithdraw: z.boolean(),
  }),
});
export type Application = z.infer<typeof ApplicationSchema>;
export const ApplicationResponseSchema = z.object({ application: ApplicationSchema });

/** GET /api/applications/mine: the viewer's applications, newest first. */
export const MyApplicationsQuerySchema = z.strictObject({
  status: ApplicationStatusSchema.optional(),
  limit: limit(100, 50),
  cursor: CursorSchema.optional(),
  minVersion, applicationId: IdQuerySchema.optional(),
});
export const MyApplicationsResponseSchema = z.object({
  applications: z.array(ApplicationSummarySchema),
  nextCursor: z.string().nullable(),
  counts: applicationCountsSchema,
});
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponseSchema>;

/** GET /api/jobs/:id/applications: the job's owner or a manager; oldest in its status first (a kanban column). */
export const JobApplicationsQuerySchema = z.strictObject({
  status: ApplicationStatusSchema.optional(),
  limit: limit(200, 100),
  cursor: CursorSchema.optional(),
  minVersion, applicationId: IdQuerySchema.optional(),
});
export const JobApplicationsResponseSchema = z.object({
  applications: z.array(ApplicationSummarySchema),
  nextCursor: z.string().nullable(),
  counts: applicationCountsSchema,
});
export type JobApplicationsResponse = z.infer<typeof JobApplicationsResponseSchema>;

// ---------------------------------------------------------------- messages and notes

const messageContent = trimmed(1, APPLICATION_MESSAGE_MAX, 'Write a message first');
/** POST /api/applications/:id/messages: the applicant or the job's owner. */
export const PostApplicationMessageBodySchema = z.strictObject({ content: messageContent });
export type PostApplicationMessageBody = z.input<typeof PostApplicationMessageBodySchema>;

export const ApplicationMessageSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  senderAvatarUrl: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type ApplicationMessage = z.infer<typeof ApplicationMessageSchema>;

/**
 * GET /api/applications/:id/messages: the newest page (oldest first within it), the page
 * `before` a message id, or every message `after` one (what a client that was away missed).
 */
export const ApplicationMessagesQuerySchema = z.strictObject({
  limit: limit(200, 50),
  before: IdQuerySchema.optional(),
  after: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
}).refine((q) => q.before === undefined || q.after === undefined, { message: 'Give before or after, not both', path: ['after'] });
export const ApplicationMessagesResponseSchema = z.object({
  messages: z.array(ApplicationMessageSchema),
  hasMore: z.boolean(),
});
export type ApplicationMessagesResponse = z.infer<typeof ApplicationMessagesResponseSchema>;
export const ApplicationMessageCommandResponseSchema = z.object({ message: ApplicationMessageSchema, version: z.number().int() });

/** POST /api/applications/:id/notes: private to the reviewers (job owner, managers); the applicant never sees them. */
export const PostReviewerNoteBodySchema = z.strictObject({ content: trimmed(1, REVIEWER_NOTE_MAX, 'Write a note first') });
export type PostReviewerNoteBody = z.input<typeof PostReviewerNoteBodySchema>;
export const ReviewerNoteSchema = z.object({
  id: z.number().int(), applicationId: z.number().int(), authorId: z.number().int(), authorName: z.string(),
  content: z.string(), createdAt: z.string(),
});
export type ReviewerNote = z.infer<typeof ReviewerNoteSchema>;
/** GET /api/applications/:id/notes: newest first. */
export const ReviewerNotesQuerySchema = z.strictObject({ limit: limit(100, 50), before: IdQuerySchema.optional() });
export const ReviewerNotesResponseSchema = z.object({ notes: z.array(ReviewerNoteSchema), hasMore: z.boolean() });
export const ReviewerNoteCommandResponseSchema = z.object({ note: ReviewerNoteSchema, version: z.number().int() });

// ---------------------------------------------------------------- employer dashboard

/**
 * GET /api/employer/dashboard: figures over the viewer's own jobs, each from read models.
 * - medianFirstResponseSeconds: over applications that had a first response (a status change
 *   or a message from the employer's side), the median of (first response - applied); null when none.
 * - acceptanceRate: accepted / (accepted + rejected by the employer), 0-100; withdrawn ones are
 *   not decisions. null when nothing is decided.
 */
export const EmployerDashboardSchema = z.object({
  isEmployer: z.boolean(),
  openJobs: z.number().int(),
  jobsByStatus: z.object({ draft: z.number().int(), active: z.number().int(), closed: z.number().int(), filled: z.number().int() }),
  applicationsByStatus: applicationCountsSchema,
  totalApplications: z.number().int(),
  medianFirstResponseSeconds: z.number().int().nullable(),
  respondedCount: z.number().int(),
  acceptanceRate: z.number().nullable(),
  decidedCount: z.number().int(),
  /** Applications received per week (floor time zone), the last 12 weeks, oldest first. */
  applicationsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** Active jobs with the most applications waiting (pending + reviewing), top 5. */
  busiestJobs: z.array(z.object({ jobId: z.number().int(), title: z.string(), waiting: z.number().int(), total: z.number().int() })),
});
export type EmployerDashboard = z.infer<typeof EmployerDashboardSchema>;

// ---------------------------------------------------------------- live

/** /ws: a new message on an application's thread, to its two parties only. */
export const ApplicationMessageSocketSchema = z.object({
  type: z.literal('application_message'), applicationId: z.number().int(), jobId: z.number().int(), message: ApplicationMessageSchema,
});
/** /ws: an application's status changed (or it was made), to its two parties only. */
export const ApplicationStatusSocketSchema = z.object({
  type: z.literal('application_status'), applicationId: z.number().int(), jobId: z.number().int(),
  status: ApplicationStatusSchema, statusReason: ApplicationStatusReasonSchema.nullable(), version: z.number().int(),
});
