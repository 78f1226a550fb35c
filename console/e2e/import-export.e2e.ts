import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { gone, visible } from './support/ui';

// The Sales Manager (`manager`) imports a spreadsheet through /leads/import-export: the columns
// are guessed from the headers (a custom field's by its label), a dry run (a job, like the run)
// says what would happen and why (a duplicate skipped, a row without an email failing), the run's
// progress bar fills, the history offers errors.csv, and the undo (a job too) takes the leads back
// out of the shared pool.
// Every name is this run's own, so other journeys on the demo floor see nothing of it at the end.

const ROWS = 600;

describe('/leads/import-export', () => {
  let browser: Browser;
  let opened: BrowserContext[] = [];
  const open = async (options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, options);
    opened.push(context);
    await signInThroughApi(page, 'manager');
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
    opened = [];
  });

  it('walks a file through mapping, a dry run and the run with its progress bar, then undoes it', { timeout: 180_000 }, async () => {
    const run = randomBytes(3).toString('hex');
    const page = await open();
    await page.goto('/leads/import-export');
    await visible(page.getByRole('heading', { level: 1, name: 'Import/Export' }));

    // A custom field of this run's own (not required: other journeys make forex leads too).
    const fields = page.getByRole('region', { name: 'Custom fields' });
    await fields.getByRole('button', { name: 'Add field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a custom field' });
    await dialog.getByLabel('Label').fill(`Budget ${run}`);
    await dialog.getByLabel('Lead type').selectOption('forex');
    await dialog.getByLabel('Kind').selectOption('number');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await gone(dialog);
    await visible(fields.getByText(`Budget ${run}`));

    const lines = ['Full Name,E-mail,Phone,City,State,Budget ' + run];
    for (let i = 1; i <= ROWS; i++) lines.push(`Import ${run} ${i},imp${i}-${run}@example.com,555-${String(i).padStart(4, '0')},Austin,TX,${i * 1000}`);
    lines.push(`Again ${run},imp1-${run}@example.com,555-9999,Austin,TX,1`, `No Mail ${run},,555-8888,Austin,TX,2`);
    const wizard = page.getByRole('region', { name: 'Import leads' });
    await wizard.getByLabel('File to import').setInputFiles({ name: `leads-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
    await wizard.getByRole('button', { name: 'Upload and map columns' }).click();

    // Guessed from the headers; the lead type and a saved mapping chosen by hand.
    await expect.poll(() => wizard.getByLabel('Import E-mail into').inputValue()).toBe('email');
    expect(await wizard.getByLabel(`Import Budget ${run} into`).inputValue()).toBe(`custom:budget_${run}`);
    await wizard.getByLabel('Lead type of rows without one').selectOption('forex');
    await wizard.getByLabel('Save this mapping for later files').check();
    await wizard.getByLabel('Mapping name').fill(`Sheet ${run}`);
    await wizard.getByRole('button', { name: 'Continue to dry run' }).click();

    // The dry run is a job: its bar moves until the report replaces it.
    await wizard.getByRole('button', { name: 'Dry run' }).click();
    const report = wizard.getByRole('region', { name: 'Dry run' });
    await visible(report.getByText('Duplicate of row 1 (same email).'));
    await visible(report.getByText('No email to match on.'));
    expect(await report.getByRole('definition').allTextContents()).toEqual(['600', '0', '1', '1']);
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await wizard.getByRole('button', { name: 'Run import' }).click();
    const bar = wizard.getByRole('progressbar', { name: 'Import progress' });
    await visible(bar);
    await visible(wizard.getByText('Import finished.'));
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await wizard.getByRole('definition').allTextContents()).toEqual(['600', '0', '1', '1']);

    // The pool has them, with the custom field's value.
    const found = await page.request.get(`/api/leads?search=imp7-${run}`);
    const lead = ((await found.json()) as { leads: { id: number }[] }).leads[0]!;
    const values = await (await page.request.get(`/api/leads/${lead.id}/custom-fields`)).json();
    expect(values.values).toEqual({ [`budget_${run}`]: 7000 });

    const history = page.getByRole('region', { name: 'Import history' });
    const row = history.getByRole('listitem').filter({ hasText: `leads-${run}.csv` });
    await visible(row.getByText('Completed'));
    const errors = await page.request.get(await row.getByRole('link', { name: 'errors.csv' }).getAttribute('href') ?? '');
    expect((await errors.text()).trim().split('\r\n')).toHaveLength(2);

    await row.getByRole('button', { name: 'Undo' }).click();
    const undo = page.getByRole('dialog', { name: `Undo leads-${run}.csv?` });
    await undo.getByRole('button', { name: 'Undo import' }).click();
    // A job: 600 leads, each taken back by its own compensating command, its bar moving meanwhile.
    await undo.getByText('600 leads reverted.').waitFor({ timeout: 60_000 });
    await gone(undo.getByRole('progressbar', { name: 'Undo progress' }));
    await undo.getByRole('button', { name: 'Done' }).click();
    await visible(row.getByText('Undone'));
    await expect.poll(async () => ((await (await page.request.get(`/api/leads?search=${run}`)).json()) as { total: number }).total).toBe(0);

    // The saved mapping is offered for the next file; switch the field off so other journeys do not see it.
    await visible(wizard.getByText('Import undone.'));
    await wizard.getByRole('button', { name: 'Import another file' }).click();
    await wizard.getByLabel('File to import').setInputFiles({ name: `again-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`Email,Name\r\nx-${run}@example.com,X\r\n`) });
    await wizard.getByRole('button', { name: 'Upload and map columns' }).click();
    await expect.poll(() => wizard.getByLabel('Use a saved mapping').locator('option').allTextContents()).toContain(`Sheet ${run}`);
    await fields.getByRole('listitem').filter({ hasText: `Budget ${run}` }).getByRole('button', { name: 'Switch off' }).click();
    await visible(fields.getByRole('listitem').filter({ hasText: `Budget ${run}` }).getByText('Off'));
  });

  it('fits a phone: the wizard and export at 390 px without sideways scrolling', async () => {
    const page = await open({ viewport: MOBILE, isMobile: true });
    await page.goto('/leads/import-export');
    await visible(page.getByRole('region', { name: 'Import leads' }));
    await visible(page.getByRole('link', { name: 'Download CSV' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });

  it('tells an agent who runs imports', async () => {
    const { context, page } = await openPage(browser);
    opened.push(context);
    await signInThroughApi(page, 'demo');
    await page.goto('/leads/import-export');
    await visible(page.getByText("Imports and exports are run by the floor's managers. Ask yours for a file of leads."));
  });
});
