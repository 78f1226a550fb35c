import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { heldLead, isAnalysed, KEEN_TRANSCRIPT, logCall } from './support/calls';
import { poolFor } from './support/leads';
import { sessionOf, type Session } from './support/sessions';
import { atPath, gone, toastWith, visible } from './support/ui';

/** A local calendar day, as a date input takes it. */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('calls', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One agent for the file (each test makes its own leads): the gateway limits registrations per address.
    session = await sessionOf(browser, 'new agent');
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { storageState: session }));
  });
  afterEach(() => context.close());

  it("logs a call from a held lead's card, finds it in /calls and sees its analysis", async () => {
    const lead = await heldLead(page, 'Caller');
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Log call' }).click();
    const dialog = page.getByRole('dialog', { name: `Log a call with ${lead.name}` });
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await visible(dialog.getByText('Enter how long the call lasted'));
    await visible(dialog.getByText('Choose how the call ended'));

    await dialog.getByLabel('Duration').fill('4:05');
    await dialog.getByText('Connected', { exact: true }).click();
    await dialog.getByLabel('Notes').fill('Keen buyer; tour on Saturday.');
    await dialog.getByLabel('Transcript').fill(KEEN_TRANSCRIPT);
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await visible(toastWith(page, 'Call logged'));
    await visible(page.getByText(`Your call with ${lead.name} was saved. Its analysis follows shortly.`));
    await gone(dialog);
    // A connected call on a claimed lead marks it contacted.
    await visible(card.getByText('Contacted', { exact: true }));

    await page.goto('/calls');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: lead.name }) });
    await visible(row.getByText('Connected'));
    await visible(row.getByRole('cell', { name: '4m 5s', exact: true }));
    await row.getByRole('link', { name: lead.name }).click();
    await page.waitForURL(/\/calls\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: `Call with ${lead.name}` }));

    // The analysis lands from a background job; the live update brings it without a reload.
    const analysis = page.getByRole('region', { name: 'Analysis' });
    await visible(analysis.getByText('Customer sentiment', { exact: true }));
    await visible(analysis.getByText('83%', { exact: true }));
    await visible(analysis.getByText('5 of 6 checkpoints covered'));
    await visible(analysis.getByText('Asked about price'));
    await visible(analysis.getByText('Named a budget'));
    await visible(analysis.getByText('Skipped: Check for concerns'));
    await visible(analysis.getByText('Cover "Check for concerns" on the next call.'));
    expect(await analysis.getByText(/^Positive$/).count()).toBe(1);
    await visible(page.getByRole('region', { name: 'Transcript' }).getByText('Sounds good, thank you!'));
    const details = page.getByRole('region', { name: 'Call details' });
    await visible(details.getByText('Keen buyer; tour on Saturday.'));
    await details.getByRole('link', { name: lead.name }).click();
    await atPath(page, `/leads/${lead.id}`);
  });

  it('logs a call from /calls on one of the leads the agent holds, checking the form first', async () => {
    const lead = await heldLead(page, 'Picked');
    await page.goto('/calls');
    await page.getByRole('main').getByRole('button', { name: 'Log call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a call' });
    await dialog.getByLabel('Lead').selectOption({ label: `${lead.name} (Claimed)` });
    await dialog.getByLabel('Duration').fill('a while');
    await dialog.getByLabel('Recording URL').fill('ftp://recordings.example/1.mp3');
    await dialog.getByText('Voicemail', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await visible(dialog.getByText('Use minutes and seconds, e.g. 4:05 or 4m 5s'));
    await visible(dialog.getByText('Enter a web address starting with https://'));

    await dialog.getByLabel('Duration').fill('45s');
    await dialog.getByLabel('Recording URL').fill('https://recordings.example/1.mp3');
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await visible(page.getByText(`Your call with ${lead.name} was saved.`, { exact: true }));
    await gone(dialog);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: lead.name }) });
    await visible(row.getByText('Voicemail'));
    await row.getByRole('link', { name: lead.name }).click();
    const analysis = page.getByRole('region', { name: 'Analysis' });
    await visible(analysis.getByText('Not analysed: this call was logged without a transcript.'));
    await visible(page.getByRole('region', { name: 'Call details' }).getByRole('link', { name: /Open the recording/ }));
  });

  it('filters the log by result, analysis and dates, kept in the address bar', async () => {
    const [busy, keen] = [await heldLead(page, 'Busy'), await heldLead(page, 'Keen')];
    await logCall(page, { leadId: busy.id, durationSeconds: 0, result: 'busy' });
    const keenCall = await logCall(page, { leadId: keen.id, durationSeconds: 300, result: 'connected', transcript: KEEN_TRANSCRIPT });
    await expect.poll(() => isAnalysed(page, keenCall), { timeout: 20_000 }).toBe(true);
    await page.goto('/calls');
    const filters = page.getByRole('region', { name: 'Call filters' });
    const busyLink = page.getByRole('link', { name: busy.name });
    const keenLink = page.getByRole('link', { name: keen.name });
    await visible(busyLink);
    await visible(keenLink);

    await filters.getByLabel('Result').selectOption('Busy');
    await page.waitForURL(/result=busy/);
    await gone(keenLink);
    await visible(busyLink);

    await filters.getByLabel('Result').selectOption('All results');
    await filters.getByLabel('Analysis').selectOption('Analysed');
    await gone(busyLink);
    await visible(keenLink);
    await filters.getByLabel('Analysis').selectOption('Not analysed');
    await gone(keenLink);
    await visible(busyLink);

    await page.reload();
    await visible(busyLink);
    expect(await filters.getByLabel('Analysis').inputValue()).toBe('pending');
    expect(await keenLink.count()).toBe(0);

    await filters.getByLabel('Analysis').selectOption('All calls');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await filters.getByLabel('From').fill(isoDay(tomorrow));
    await visible(page.getByText('No calls match these filters.'));
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
    await visible(busyLink);
    await visible(keenLink);
    await atPath(page, '/calls');
    expect(new URL(page.url()).search).toBe('');
  });

  it("shows an agent their own figures and their team's script, read-only", async () => {
    await page.goto('/call-analytics');
    await visible(page.getByRole('heading', { level: 1, name: 'Call Analytics' }));
    await visible(page.getByRole('img', { name: /^Calls by week\./ }));
    const script = page.getByRole('region', { name: 'Call script' });
    await visible(script.getByText('The built-in default script: this team has not written its own yet.'));
    await visible(script.getByText('Greet and introduce yourself'));
    expect(await script.getByRole('button', { name: 'Edit script' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Agents compared' }).count()).toBe(0);
  });
});
