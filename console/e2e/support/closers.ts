import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const origin = () => ({ Origin: inject('baseURL') });

async function ok<T>(what: string, response: Awaited<ReturnType<Page['request']['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A job title no other test uses. */
export const uniqueJobTitle = (what = 'Solar Closer') => `${what} ${randomBytes(3).toString('hex')}`;

/**
 * Posts and publishes a job through the API as the page's signed-in user, and waits until the
 * board's read model shows it open (the journeys then find it as a person would).
 */
export async function postJob(page: Page, title: string): Promise<number> {
  const { id } = await ok<{ id: number }>('post job', await page.request.post('/api/jobs', {
    headers: origin(),
    data: {
      title, description: 'Close residential solar deals from warm inbound leads.', companyName: 'SunCo', productName: 'Rooftop kit',
      salesPrice: 1_200_000, commissionRate: 8, location: 'Remote', type: 'commission_only',
    },
  }));
  await ok('publish job', await page.request.post(`/api/jobs/${id}/publish`, { headers: origin(), data: {} }));
  await expect.poll(async () => ((await (await page.request.get(`/api/jobs/${id}`)).json()) as { job?: { status: string } }).job?.status, { timeout: 30_000 }).toBe('active');
  return id;
}

/** Applies to a job through the API as the page's signed-in user; answers the application's id. */
export async function applyTo(page: Page, jobId: number): Promise<number> {
  const { id } = await ok<{ id: number }>('apply', await page.request.post(`/api/jobs/${jobId}/applications`, {
    headers: origin(),
    data: {
      experience: 'Five years of phone sales.', message: 'I would like this job.', availableHoursPerWeek: 30,
      availableStartDate: '2027-01-04', availableDays: ['monday', 'tuesday', 'wednesday'],
    },
  }));
  await expect.poll(async () => (await page.request.get(`/api/applications/${id}`)).status()).toBe(200);
  return id;
}

/** An application as the gateway has it now. */
export async function applicationOf(page: Page, id: number): Promise<{ status: string; statusReason: string | null; version: number }> {
  return ((await (await page.request.get(`/api/applications/${id}`)).json()) as { application: { status: string; statusReason: string | null; version: number } }).application;
}

/** A reviewer's decision through the API, at the application's current version. */
export async function decide(page: Page, id: number, status: 'reviewing' | 'accepted' | 'rejected'): Promise<void> {
  const { version } = await applicationOf(page, id);
  await ok('decide', await page.request.post(`/api/applications/${id}/status`, { headers: origin(), data: { status, expectedVersion: version } }));
  await expect.poll(async () => (await applicationOf(page, id)).status).toBe(status);
}

/** A small valid PDF (a resume to upload). */
export const RESUME_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
