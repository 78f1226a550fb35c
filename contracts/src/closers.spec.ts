import { describe, expect, it } from 'vitest';
import { ApplyBodySchema } from './closer-applications';
import { commissionPerCloseCents, CreateJobBodySchema, JobListQuerySchema } from './closers';

const job = {
  title: 'Solar closer', description: 'Close solar deals', companyName: 'SunCo', productName: 'Panels',
  salesPrice: 2_000_000, commissionRate: 7.5, location: 'Remote', type: 'commission_only',
};

describe('closers contracts', () => {
  it('takes money in whole cents, a commission rate of 0-100 with two decimals, videos over https only', () => {
    expect(CreateJobBodySchema.safeParse(job).success).toBe(true);
    expect(CreateJobBodySchema.safeParse({ ...job, salesPrice: 19.99 }).success).toBe(false);
    expect(CreateJobBodySchema.safeParse({ ...job, commissionRate: 12.34 }).success).toBe(true);
    expect(CreateJobBodySchema.safeParse({ ...job, commissionRate: 12.345 }).success).toBe(false);
    expect(CreateJobBodySchema.safeParse({ ...job, commissionRate: 101 }).success).toBe(false);
    expect(CreateJobBodySchema.safeParse({ ...job, videoUrl: 'https://youtu.be/abc' }).success).toBe(true);
    for (const videoUrl of ['http://youtu.be/abc', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example.com/v']) {
      expect(CreateJobBodySchema.safeParse({ ...job, videoUrl }).success).toBe(false);
    }
    expect(CreateJobBodySchema.safeParse({ ...job, ownerId: 3 }).success).toBe(false);
  });

  it('computes the commission per close in cents, rounded', () => {
    expect(commissionPerCloseCents(2_000_000, 7.5)).toBe(150_000);
    expect(commissionPerCloseCents(999, 12.5)).toBe(125);
  });

  it('takes an application with a linkedin.com https profile only, days once each', () => {
    const body = { experience: 'Years', message: 'Hi', availableHoursPerWeek: 20, availableStartDate: '2026-04-01', availableDays: ['monday'] };
    expect(ApplyBodySchema.safeParse(body).success).toBe(true);
    expect(ApplyBodySchema.safeParse({ ...body, linkedinProfile: 'https://www.linkedin.com/in/cleo' }).success).toBe(true);
    expect(ApplyBodySchema.safeParse({ ...body, linkedinProfile: 'https://evil.example.com/linkedin.com' }).success).toBe(false);
    expect(ApplyBodySchema.safeParse({ ...body, availableDays: ['monday', 'monday'] }).success).toBe(false);
    expect(ApplyBodySchema.safeParse({ ...body, availableHoursPerWeek: 169 }).success).toBe(false);
  });

  it('sorts the board by newest or commission, 24 to a page by default', () => {
    expect(JobListQuerySchema.parse({})).toEqual({ sort: 'newest', limit: 24 });
    expect(JobListQuerySchema.safeParse({ sort: 'salary' }).success).toBe(false);
  });
});
