import { z } from 'zod';
import { IdQuerySchema, INT32_MAX } from './scalars';

/*
 * Closers hub: the job board, applications with their message thread and private reviewer
 * notes, and the employer's dashboard. "Employer" is a capability, not a role: whoever owns a
 * job (a manager may always post, and may review any job's applications).
 *
 * Money is integer cents. `commissionRate` is a percentage 0-100 (two decimals at most); the
 * commission per close is salesPrice x commissionRate / 100, rounded to the cent.
 */

export const JobStatusSchema = z.enum(['draft', 'active', 'closed', 'filled']);
export type JobStatus = z.infer<typeof JobStatusSchema>;
export const JobTypeSchema = z.enum(['full_time', 'part_time', 'contract', 'commission_only']);
export type JobType = z.infer<typeof JobTypeSchema>;
export const jobTypeLabels: Record<JobType, string> = {
  full_time: 'Full-time', part_time: 'Part-time', contract: 'Contract', commission_only: 'Commission only',
};
export const ApplicationStatusSchema = z.enum(['pending', 'reviewing', 'accepted', 'rejected']);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;
/** Why an application is rejected when the applicant withdrew it (shown as "Withdrawn"). */
export const WITHDRAWN_BY_APPLICANT = 'withdrawn_by_applicant';
export const ApplicationStatusReasonSchema = z.enum([WITHDRAWN_BY_APPLICANT]);
export const WeekdaySchema = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
export type Weekday = z.infer<typeof WeekdaySchema>;

export const JOB_TITLE_MAX = 120;
export const JOB_LONG_TEXT_MAX = 10_000;
export const JOB_SHORT_TEXT_MAX = 200;
export const JOB_SKILLS_MAX = 20;
/** The largest sales price: 100 million (in cents). */
export const SALES_PRICE_MAX_CENTS = 10_000_000_000;
export const APPLICATION_TEXT_MAX = 5_000;
export const APPLICATION_MESSAGE_MAX = 4_000;
export const REVIEWER_NOTE_MAX = 4_000;
export const FEEDBACK_MAX = 2_000;

/** Files: at most this many on one job or one application. */
export const JOB_FILES_MAX = 10;
export const APPLICATION_FILES_MAX = 5;
/** One upload's size cap, and the types accepted (known from the file's bytes, never its name). */
export const CLOSER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CloserFileTypeSchema = z.enum(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);
export type CloserFileType = z.infer<typeof CloserFileTypeSchema>;

/** A commission per close, in cents. The server sorts and filters on the same. */
export const commissionPerCloseCents = (salesPriceCents: number, commissionRate: number) =>
  Math.round((salesPriceCents * commissionRate) / 100);

export const trimmed = (min: number, max: number, required: string) => z.string()
  .transform((s) => s.trim())
  .pipe(z.string().min(min, required).max(max, `At most ${max.toLocaleString('en-US')} characters`));
export const optionalText = (max: number) => z.string()
  .transform((s) => s.trim())
  .pipe(z.string().max(max, `At most ${max.toLocaleString('en-US')} characters`))
  .nullable();
export const httpsUrl = (what: string) => z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: `${what} must be an https:// address` })
  .max(2_000);
const webUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'A web address (https://…)' }).max(2_000);
const cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(SALES_PRICE_MAX_CENTS, 'Too large');
export const FileIdSchema = z.uuid('Not an uploaded file');

const skills = z.array(trimmed(1, 50, 'A skill cannot be empty'))
  .max(JOB_SKILLS_MAX, `At most ${JOB_SKILLS_MAX} skills`)
  .refine((s) => new Set(s.map((x) => x.toLowerCase())).size === s.length, 'Each skill once');

/** The fields of a job (spec job_opportunities). The first eight are required to create one. */
const jobFields = {
  title: trimmed(1, JOB_TITLE_MAX, 'Give the job a title'),
  description: trimmed(1, JOB_LONG_TEXT_MAX, 'Describe the job'),
  companyName: trimmed(1, JOB_SHORT_TEXT_MAX, 'Name the company'),
  productName: trimmed(1, JOB_SHORT_TEXT_MAX, 'Name the product'),
  /** Cents. */
  salesPrice: cents,
  /** Percent, 0-100, two decimals at most. */
  commissionRate: z.number().min(0, 'Between 0 and 100').max(100, 'Between 0 and 100')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Two decimals at most'),
  location: trimmed(1, JOB_SHORT_TEXT_MAX, 'Say where (or "Remote")'),
  type: JobTypeSchema,
  companyWebsite: webUrl.nullable(),
  targetMarket: optionalText(JOB_LONG_TEXT_MAX),
  tipsAndTricks: optionalText(JOB_LONG_TEXT_MAX),
  /** Cents a year. */
  annualSales: cents.nullable(),
  yearsTrading: z.number().int().min(0).max(1_000).nullable(),
  /** Ids of files uploaded with POST /api/closers/files. */
  fileUploads: z.array(FileIdSchema).max(JOB_FILES_MAX, `At most ${JOB_FILES_MAX} files`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each file once'),
  /** https only. */
  videoUrl: httpsUrl('A video address').nullable(),
  compensation: optionalText(JOB_SHORT_TEXT_MAX),
  requirements: optionalText(JOB_LONG_TEXT_MAX),
  skillsRequired: skills,
};

/** POST /api/jobs: a draft owned by the signed-in user. */
export const CreateJobBodySchema = z.strictObject({
  title: jobFields.title, description: jobFields.description, companyName: jobFields.companyName,
  productName: jobFields.productName, salesPrice: jobFields.salesPrice, commissionRate: jobFields.commissionRate,
  location: jobFields.location, type: jobFields.type,
  companyWebsite: jobFields.companyWebsite.optional(), targetMarket: jobFields.targetMarket.optional(),
  tipsAndTricks: jobFields.tipsAndTricks.optional(), annualSales: jobFields.annualSales.optional(),
  yearsTrading: jobFields.yearsTrading.optional(), fileUploads: jobFields.fileUploads.optional(),
  videoUrl: jobFields.videoUrl.optional(), compensation: jobFields.compensation.optional(),
  requirements: jobFields.requirements.optional(), skillsRequired: jobFields.skillsRequired.optional(),
});
export type CreateJobBody = z.input<typeof CreateJobBodySchema>;

/** PATCH /api/jobs/:id: any of the fields (null clears an optional one); `expectedVersion` guards a stale editor (409). */
export const UpdateJobBodySchema = z.strictObject({
  title: jobFields.title.optional(), description: jobFields.description.optional(), companyName: jobFields.companyName.optional(),
  productName: jobFields.productName.optional(), salesPrice: jobFields.salesPrice.optional(), commissionRate: jobFields.commissionRate.optional(),
  location: jobFields.location.optional(), type: jobFields.type.optional(),
  companyWebsite: jobFields.companyWebsite.optional(), targetMarket: jobFields.targetMarket.optional(),
  tipsAndTricks: jobFields.tipsAndTricks.optional(), annualSales: jobFields.annualSales.optional(),
  yearsTrading: jobFields.yearsTrading.optional(), fileUploads: jobFields.fileUploads.optional(),
  videoUrl: jobFields.videoUrl.optional(), compensation: jobFields.compensation.optional(),
  requirements: jobFields.requirements.optional(), skillsRequired: jobFields.skillsRequired.optional(),
  expectedVersion: z.number().int().min(0).max(INT32_MAX).optional(),
}).refine((b) => Object.entries(b).some(([k, v]) => k !== 'expectedVersion' && v !== undefined), { message: 'Say what to change' });
export type UpdateJobBody = z.input<typeof UpdateJobBodySchema>;

/** POST /api/jobs/:id/publish|close|fill|reopen. `expectedVersion` optional (409 when stale). */
export const JobTransitionBodySchema = z.strictObject({
  expectedVersion: z.number().int().min(0).max(INT32_MAX).optional(),
}).nullish();

/** An uploaded file as the API shows it; `url` serves it (as an attachment, never run). */
export const CloserFileSchema = z.object({
  id: z.string(), name: z.string(), contentType: CloserFileTypeSchema, size: z.number().int(), url: z.string(),
});
export type CloserFile = z.infer<typeof CloserFileSchema>;
/** POST /api/closers/files (multipart/form-data, one part named `file`): answers the stored file. */
export const CloserFileUploadResponseSchema = z.object({ file: CloserFileSchema });
export const CloserFileParamsSchema = z.object({ id: z.uuid('Not a file id') });

/** Where a job stands, from the viewer's side. */
const viewerSchema = z.object({
  /** The viewer owns it or is a manager: may edit it and review its applications. */
  canManage: z.boolean(),
  /** The viewer's own application to it, if any. */
  myApplication: z.object({ id: z.number().int(), status: ApplicationStatusSchema, statusReason: ApplicationStatusReasonSchema.nullable() }).nullable(),
});

export const applicationCountsSchema = z.object({
  pending: z.number().int(), reviewing: z.number().int(), accepted: z.number().int(), rejected: z.number().int(),
  /** Of `rejected`, the ones the applicant withdrew. */
  withdrawn: z.number().int(),
});
export type ApplicationCounts = z.infer<typeof applicationCountsSchema>;
export const ApplicationCountsSchema = applicationCountsSchema;

/** A row of the job board (and of an employer's own jobs). */
export const JobSummarySchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  title: z.string(),
  companyName: z.string(),
  productName: z.string(),
  salesPrice: z.number().int(),
  commissionRate: z.number(),
  commissionPerClose: z.number().int(),
  location: z.string(),
  type: JobTypeSchema,
  compensation: z.string().nullable(),
  skillsRequired: z.array(z.string()),
  status: JobStatusSchema,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  applicationCount: z.number().int(),
  version: z.number().int(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

/** GET /api/jobs/:id. Drafts are seen by their owner and managers only (404 for others). */
export const JobSchema = JobSummarySchema.extend({
  description: z.string(),
  companyWebsite: z.string().nullable(),
  targetMarket: z.string().nullable(),
  tipsAndTricks: z.string().nullable(),
  annualSales: z.number().int().nullable(),
  yearsTrading: z.number().int().nullable(),
  fileUploads: z.array(CloserFileSchema),
  videoUrl: z.string().nullable(),
  requirements: z.string().nullable(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  filledAt: z.string().nullable(),
  viewer: viewerSchema,
  /** For whoever may manage it; null for everyone else. */
  applicationCounts: applicationCountsSchema.nullable(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobResponseSchema = z.object({ job: JobSchema });

/** Opaque keyset cursor: the `nextCursor` of the page before. */
export const CursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'A cursor from a previous page');
export const limit = (max: number, dflt: number) => z.coerce.number().int().min(1).max(max).default(dflt);
/** Read-your-writes: a command's `version` passed back waits (bounded) for the read model to show it. */
export const minVersion = z.coerce.number().int().min(0).max(INT32_MAX).optional();

/** The board's order: newest published first, or by commission per close. */
export const JobSortSchema = z.enum(['newest', 'commission_desc', 'commission_asc']);
export type JobSort = z.infer<typeof JobSortSchema>;

/**
 * GET /api/jobs: active jobs. `search` matches title, company, product, description and skills
 * (every word); `location` a part of the location; `minCommission` cents per close.
 */
export const JobListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  type: JobTypeSchema.optional(),
  location: z.string().trim().max(200).optional(),
  minCommission: z.coerce.number().int().min(0).max(SALES_PRICE_MAX_CENTS).optional(),
  sort: JobSortSchema.default('newest'),
  limit: limit(100, 24),
  cursor: CursorSchema.optional(),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;
export const JobListResponseSchema = z.object({
  jobs: z.array(JobSummarySchema),
  nextCursor: z.string().nullable(),
  /** How many active jobs match the filters. */
  total: z.number().int(),
});
export type JobListResponse = z.infer<typeof JobListResponseSchema>;

/**
 * GET /api/employer/jobs: the viewer's own jobs in every status, newest first, each with its
 * applications per status. A manager may ask `scope=all` (every job on the floor).
 */
export const EmployerJobsQuerySchema = z.strictObject({
  status: JobStatusSchema.optional(),
  scope: z.enum(['mine', 'all']).default('mine'),
  limit: limit(100, 50),
  cursor: CursorSchema.optional(),
  minVersion, jobId: IdQuerySchema.optional(),
});
export const EmployerJobSchema = JobSummarySchema.extend({ applicationCounts: applicationCountsSchema });
export type EmployerJob = z.infer<typeof EmployerJobSchema>;
export const EmployerJobsResponseSchema = z.object({ jobs: z.array(EmployerJobSchema), nextCursor: z.string().nullable() });
export type EmployerJobsResponse = z.infer<typeof EmployerJobsResponseSchema>;

export const JobParamsSchema = z.object({ id: IdQuerySchema });
export const JobReadQuerySchema = z.strictObject({ minVersion });
/** A command's answer on a job: its id, status and stream version (pass it back as `minVersion`). */
export const JobCommandResponseSchema = z.object({ id: z.number().int(), status: JobStatusSchema, version: z.number().int() });
export type JobCommandResponse = z.infer<typeof JobCommandResponseSchema>;
