import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { signIn } from './accounts';
import { openPage } from './browser';
import { createLead, patchLead, type SeededLead } from './leads';
import type { Session } from './sessions';

// Writes from the page's own origin, as the console sends them (the gateway refuses foreign ones).
const sameOrigin = () => ({ Origin: inject('baseURL') });

/** A transcript the analyzer reads as a keen customer: positive, asking the price, agreeing to a next step. */
export const KEEN_TRANSCRIPT = [
  'Agent: Hi Olivia, my name is Sam, calling from LeadFloor. Is this a good time?',
  'Customer: Yes, I love the listing you sent, it looks great.',
  'Agent: What are you looking for, and how soon would you like to move?',
  'Customer: Three bedrooms. How much would the condo cost? We are pre-approved.',
  'Agent: We can set up a viewing. The next step is to book a tour on Saturday.',
  'Customer: Sounds good, thank you!',
].join('\n');

/** A new lead, claimed by the page's signed-in agent (calls are logged on leads one holds). */
export async function heldLead(page: Page, label: string): Promise<SeededLead> {
  const lead = await createLead(page, label);
  await patchLead(page, lead.id, { status: 'claimed' });
  return lead;
}

/** POST /api/calls as the page's signed-in agent; returns the call's id. */
export async function logCall(page: Page, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/calls', { headers: sameOrigin(), data: body });
  if (!response.ok()) throw new Error(`log call failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { call: { id: number } }).call.id;
}

/** Whether the call's analysis has landed (GET /api/calls/{id}). */
export async function isAnalysed(page: Page, callId: number): Promise<boolean> {
  const response = await page.request.get(`/api/calls/${callId}`);
  return response.ok() && ((await response.json()) as { call: { analytics: unknown } }).call.analytics !== null;
}

/** The demo Sales Manager's cookies, signed in once per file (the gateway limits sign-ins per address). */
export async function managerSession(browser: Browser): Promise<Session> {
  const { context, page } = await openPage(browser);
  try {
    await signIn(page, 'manager');
    return await context.storageState();
  } finally {
    await context.close();
  }
}
