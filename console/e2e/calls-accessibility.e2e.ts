import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { managerSession } from './support/calls';
import { sessionOf, type Session } from './support/sessions';
import { visible } from './support/ui';

// The call screens' own content; the shell around them is checked by accessibility.e2e.ts.
describe('call screens accessibility (axe-core)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let agent: Session;
  let manager: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Signed in once for the file: the gateway limits sign-ins per address.
    [agent, manager] = [await sessionOf(browser, 'demo'), await managerSession(browser)];
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`in ${colorScheme} mode`, () => {
      it('finds nothing serious on the call log, its Log call dialog and an analysed call', async () => {
        ({ context, page } = await openPage(browser, { colorScheme, storageState: agent }));
        await page.goto('/calls?analyzed=analyzed');
        const first = page.getByRole('table').getByRole('link').first();
        await visible(first);
        expect(await seriousViolations(page, '#main')).toEqual([]);

        await page.getByRole('main').getByRole('button', { name: 'Log call' }).click();
        const dialog = page.getByRole('dialog', { name: 'Log a call' });
        await dialog.getByRole('button', { name: 'Log call' }).click();
        await visible(dialog.getByText('Enter how long the call lasted'));
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        await first.click();
        await visible(page.getByRole('region', { name: 'Analysis' }).getByText('Customer sentiment', { exact: true }));
        expect(await seriousViolations(page, '#main')).toEqual([]);
      });

      it("finds nothing serious on the floor's call analytics and the script editor", async () => {
        ({ context, page } = await openPage(browser, { colorScheme, storageState: manager }));
        await page.goto('/call-analytics');
        await visible(page.getByRole('region', { name: 'Agents compared' }));
        await visible(page.getByRole('region', { name: 'Call script' }).getByRole('button', { name: 'Edit script' }));
        expect(await seriousViolations(page, '#main')).toEqual([]);
        await page.getByRole('button', { name: 'Edit script' }).click();
        await visible(page.getByRole('form', { name: 'Edit call script' }));
        expect(await seriousViolations(page, '#main')).toEqual([]);
      });
    });
  }
});
