import { describe, expect, it } from 'vitest';
import type { Job } from '@leadfloor/contracts';
import { EMPTY_JOB_FORM, JobFormSchema, jobFormValues, skillList, type JobFormValues } from './job-form';

const filled: JobFormValues = {
  ...EMPTY_JOB_FORM,
  title: ' Solar closer ', description: 'Close residential solar deals.', companyName: 'Sunward', productName: 'Home solar kit',
  salesPrice: '25,000', commissionRate: '7.5', location: 'Remote', type: 'commission_only',
};

const errorsOf = (values: JobFormValues) => {
  const result = JobFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the job editor form', () => {
  it('turns dollars into cents, the rate into a number, blanks into null and skills into a list', () => {
    const body = JobFormSchema.parse({ ...filled, annualSales: '1,200,000', yearsTrading: '12', skillsRequired: 'Cold calling, , CRM ', companyWebsite: '' });
    expect(body).toMatchObject({
      title: 'Solar closer', salesPrice: 2_500_000, commissionRate: 7.5, annualSales: 120_000_000, yearsTrading: 12,
      skillsRequired: ['Cold calling', 'CRM'], companyWebsite: null, videoUrl: null, targetMarket: null, fileUploads: [],
    });
  });
  it("says what is missing beside every required field at once, in the server's words", () => {
    expect(errorsOf({ ...EMPTY_JOB_FORM })).toMatchObject({
      title: 'Give the job a title', description: 'Describe the job', companyName: 'Name the company', productName: 'Name the product',
      salesPrice: 'Give the sales price', commissionRate: 'Give the commission rate', location: 'Say where (or "Remote")',
    });
  });
  it('refuses a rate over 100, a price that is not dollars, an http video and repeated skills', () => {
    expect(errorsOf({ ...filled, commissionRate: '120', salesPrice: 'lots', videoUrl: 'http://video.example.com/a', skillsRequired: 'CRM, crm' })).toEqual({
      commissionRate: 'Between 0 and 100', salesPrice: 'Enter dollars, e.g. 25000 or 25,000.50',
      videoUrl: 'A video address must be an https:// address', skillsRequired: 'Each skill once',
    });
  });
  it('sends the uploaded files by id', () => {
    const file = { id: '7d1f0c1e-8a36-4d6e-9f57-0d8f3b8f0a11', name: 'deck.pdf', contentType: 'application/pdf' as const, size: 10, url: '/x' };
    expect(JobFormSchema.parse({ ...filled, fileUploads: [file] }).fileUploads).toEqual([file.id]);
  });
  it('fills the editor back from a job, and the form then gives the same body', () => {
    const body = JobFormSchema.parse({ ...filled, annualSales: '1000.5', skillsRequired: 'CRM, Spanish' });
    const job = { ...body, companyWebsite: null, fileUploads: [], annualSales: 100_050 } as unknown as Job;
    expect(JobFormSchema.parse(jobFormValues(job))).toEqual(body);
  });
  it('splits skills on commas, dropping empty ones', () => {
    expect(skillList(' a ,, b,')).toEqual(['a', 'b']);
  });
});
