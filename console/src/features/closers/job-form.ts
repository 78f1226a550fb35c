import { z } from 'zod';
import { CloserFileSchema, CreateJobBodySchema, type CloserFile, type CreateJobBody, type Job, type JobType } from '@leadfloor/contracts';
import { centsToDollarText, dollarsToCents } from '../../lib/dollars';

/**
 * The job editor as typed: text fields as strings (money in dollars, the rate in percent, skills
 * comma-separated) and the uploaded files themselves. JobFormSchema turns them into the body of
 * POST /api/jobs (and PATCH), each field checked by that body's own schema, so the editor says
 * what the server would say, beside the field.
 */
export type JobFormValues = {
  title: string; description: string; companyName: string; companyWebsite: string; productName: string;
  salesPrice: string; commissionRate: string; location: string; type: JobType; compensation: string;
  targetMarket: string; tipsAndTricks: string; annualSales: string; yearsTrading: string;
  requirements: string; skillsRequired: string; videoUrl: string; fileUploads: CloserFile[];
};

const body = CreateJobBodySchema.shape;
const blankToNull = z.string().transform((s) => (s.trim() === '' ? null : s.trim()));

const dollars = (required: string | null) => z.string().transform((text, ctx): number | null => {
  if (!text.trim()) {
    if (required === null) return null;
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  }
  const cents = dollarsToCents(text);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter dollars, e.g. 25000 or 25,000.50' });
    return z.NEVER;
  }
  return cents;
});

const number = (required: string | null, problem: string) => z.string().transform((text, ctx): number | null => {
  if (!text.trim()) {
    if (required === null) return null;
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  }
  const n = Number(text.trim().replace(/%$/, ''));
  if (!/^\d+(\.\d+)?%?$/.test(text.trim()) || !Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return n;
});

/** 'Cold calling, CRM ,  , Spanish' → ['Cold calling', 'CRM', 'Spanish']. */
export const skillList = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);

export const JobFormSchema = z.object({
  title: body.title,
  description: body.description,
  companyName: body.companyName,
  companyWebsite: blankToNull.pipe(body.companyWebsite.unwrap()),
  productName: body.productName,
  salesPrice: dollars('Give the sales price').pipe(body.salesPrice),
  commissionRate: number('Give the commission rate', 'A percent from 0 to 100, e.g. 10 or 7.5').pipe(body.commissionRate),
  location: body.location,
  type: body.type,
  compensation: blankToNull.pipe(body.compensation.unwrap()),
  targetMarket: blankToNull.pipe(body.targetMarket.unwrap()),
  tipsAndTricks: blankToNull.pipe(body.tipsAndTricks.unwrap()),
  annualSales: dollars(null).pipe(body.annualSales.unwrap()),
  yearsTrading: number(null, 'Whole years, e.g. 12').pipe(body.yearsTrading.unwrap()),
  requirements: blankToNull.pipe(body.requirements.unwrap()),
  skillsRequired: z.string().transform(skillList).pipe(body.skillsRequired.unwrap()),
  videoUrl: blankToNull.pipe(body.videoUrl.unwrap()),
  fileUploads: z.array(CloserFileSchema).transform((files) => files.map((f) => f.id)).pipe(body.fileUploads.unwrap()),
}) satisfies z.ZodType<CreateJobBody, JobFormValues>;

export const EMPTY_JOB_FORM: JobFormValues = {
  title: '', description: '', companyName: '', companyWebsite: '', productName: '', salesPrice: '', commissionRate: '',
  location: '', type: 'commission_only', compensation: '', targetMarket: '', tipsAndTricks: '', annualSales: '',
  yearsTrading: '', requirements: '', skillsRequired: '', videoUrl: '', fileUploads: [],
};

/** The editor filled in from a job, for an edit. */
export const jobFormValues = (job: Job): JobFormValues => ({
  title: job.title, description: job.description, companyName: job.companyName, companyWebsite: job.companyWebsite ?? '',
  productName: job.productName, salesPrice: centsToDollarText(job.salesPrice), commissionRate: String(job.commissionRate),
  location: job.location, type: job.type, compensation: job.compensation ?? '', targetMarket: job.targetMarket ?? '',
  tipsAndTricks: job.tipsAndTricks ?? '', annualSales: job.annualSales === null ? '' : centsToDollarText(job.annualSales),
  yearsTrading: job.yearsTrading === null ? '' : String(job.yearsTrading), requirements: job.requirements ?? '',
  skillsRequired: job.skillsRequired.join(', '), videoUrl: job.videoUrl ?? '', fileUploads: job.fileUploads,
});
