import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export type SeededLead = { id: number; name: string };

// Writes from the page's own origin, as the console sends them (the gateway refuses foreign ones).
const sameOrigin = () => ({ Origin: inject('baseURL') });

/**
 * A new lead with a name no other test uses, created through the API as the page's signed-in
 * user (the same call the Add New Lead form makes). Tests then find it with the pool's search.
 */
export async function createLead(page: Page, label: string): Promise<SeededLead> {
  const name = `E2E ${label} ${randomBytes(3).toString('hex')}`;
  const response = await page.request.post('/api/leads', {
    headers: sameOrigin(),
    data: { name, email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`, phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'real_estate', status: 'available' },
  });
  if (!response.ok()) throw new Error(`create lead failed: ${response.status()} ${await response.text()}`);
  const { lead, version } = (await response.json()) as { lead: { id: number }; version: number };
  await readable(page, lead.id, version);
  return { id: lead.id, name };
}

/** PATCH /api/leads/{id} as the page's signed-in user (a claim is `{status: 'claimed'}`). */
export async function patchLead(page: Page, id: number, body: Record<string, unknown>): Promise<void> {
  const response = await page.request.patch(`/api/leads/${id}`, { headers: sameOrigin(), data: body });
  if (!response.ok()) throw new Error(`patch lead failed: ${response.status()} ${await response.text()}`);
  await readable(page, id, ((await response.json()) as { version: number }).version);
}

/**
 * Waits until the lead pool's read model holds the lead at `version`, as the console's own
 * writes do (read-your-writes): a screen opened next then shows the change in its first read.
 */
async function readable(page: Page, id: number, version: number): Promise<void> {
  await expect.poll(async () => {
    const response = await page.request.get(`/api/leads/${id}?minVersion=${version}`);
    return response.ok() ? ((await response.json()) as { version: number }).version : 0;
  }, { timeout: 15_000 }).toBeGreaterThanOrEqual(version);
}

/** The pool narrowed to one lead by its unique name. */
export const poolFor = (lead: SeededLead, extra = '') => `/leads?search=${encodeURIComponent(lead.name)}${extra}`;
