import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /leads/import-export as the Sales Manager, with a file
// uploaded and its columns mapped (the wizard's mapping step), and a dry run's report in light
// and dark; in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const devices = [['desktop', DESKTOP], ['mobile', MOBILE]] as const;
const csv = 'Full Name,E-mail,Phone,City,State,Notes\r\nJordan Miles,jordan.miles@example.com,555-0188,Austin,TX,Referred by Dana\r\nPriya Shah,priya.shah@example.com,555-0142,Dallas,TX,\r\n';

describe('import/export screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
  });
  afterAll(() => browser?.close());

  for (const [device, viewport] of devices) {
    it(`captures /leads/import-export, ${device}`, async () => {
      const { context, page } = await openPage(browser, { viewport, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 });
      await signInThroughApi(page, 'manager');
      await page.goto('/leads/import-export');
      const wizard = page.getByRole('region', { name: 'Import leads' });
      await wizard.getByLabel('File to import').setInputFiles({ name: 'broker-sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await wizard.getByRole('button', { name: 'Upload and map columns' }).click();
      await visible(wizard.getByLabel('Import E-mail into'));
      await visible(page.getByRole('region', { name: 'Import history' }).getByText('broker-sheet.csv').first());
      await page.screenshot({ path: `${outDir}import-export-${device}-light.png`, fullPage: true });
      await context.close();
    });

    for (const theme of ['light', 'dark'] as const) {
      // The dry run's report: a job's outcome, what the run would do and the rows it would skip.
      it(`captures the dry run's report, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, options);
        await signInThroughApi(page, 'manager');
        await page.goto('/leads/import-export');
        const wizard = page.getByRole('region', { name: 'Import leads' });
        const rows = `${csv}Jordan Again,JORDAN.MILES@example.com,555-0199,Austin,TX,\r\nNo Email,,555-0100,Houston,TX,\r\n`;
        await wizard.getByLabel('File to import').setInputFiles({ name: `dry-run-${device}-${theme}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows) });
        await wizard.getByRole('button', { name: 'Upload and map columns' }).click();
        await visible(wizard.getByLabel('Import E-mail into'));
        await wizard.getByRole('button', { name: 'Continue to dry run' }).click();
        await wizard.getByRole('button', { name: 'Dry run' }).click();
        await visible(wizard.getByRole('region', { name: 'Dry run' }).getByText('No email to match on.'));
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${outDir}import-dry-run-${device}-${theme}.png`, fullPage: true });
        await context.close();
      });
    }
  }
});
