import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * POST /api/sales as the page's signed-in user (the call the Record Sale dialog makes), then
 * reads of the sale at that version until the gateway's read model has it: a page opened next
 * lists the sale.
 */
export async function recordSaleThroughApi(page: Page, leadId: number, amountCents: number): Promise<{ id: number }> {
  const response = await page.request.post('/api/sales', { headers: { Origin: inject('baseURL') }, data: { leadId, amountCents } });
  if (!response.ok()) throw new Error(`record sale failed: ${response.status()} ${await response.text()}`);
  const { sale, version } = (await response.json()) as { sale: { id: number }; version: number };
  // The gateway waits up to 2 s per read; a busy machine's read model may need longer.
  await expect.poll(async () => (await page.request.get(`/api/sales/${sale.id}?minVersion=${version}`)).status(), { timeout: 15_000 }).toBe(200);
  return sale;
}

/** The /commissions table's row of the sale on a lead, found by the lead's unique name. */
export const saleRow = (page: Page, leadName: string): Locator => page.getByRole('row').filter({ hasText: leadName });
