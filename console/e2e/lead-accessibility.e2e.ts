import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { sessionOf, type Session } from './support/sessions';
import { visible } from './support/ui';

// The pool's and the lead page's own content; the shell around them is checked by accessibility.e2e.ts.
describe('lead pool accessibility (axe-core)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Signed in once for the file: the gateway limits sign-ins per address.
    session = await sessionOf(browser, 'demo');
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`in ${colorScheme} mode`, () => {
      beforeEach(async () => {
        ({ context, page } = await openPage(browser, { colorScheme, storageState: session }));
      });

      it('finds nothing serious on the pool with its filters open and a card expanded', async () => {
        await page.goto('/leads?showMyLeadsOnly=true');
        await page.getByRole('button', { name: 'Show Filters' }).click();
        await visible(page.getByRole('region', { name: 'Filters' }));
        await page.getByRole('feed', { name: 'Leads' }).getByRole('button', { name: 'Show More' }).first().click();
        await visible(page.getByRole('group', { name: 'Adjust score' }).first());
        expect(await seriousViolations(page, '#main')).toEqual([]);
      });

      it('finds nothing serious on the open sort menu and the pipeline', async () => {
        await page.goto('/leads?view=pipeline');
        await visible(page.getByRole('region', { name: 'New stage' }).getByRole('listitem').first());
        await page.getByRole('button', { name: /^Sort:/ }).click();
        await visible(page.getByRole('menu', { name: 'Sort by' }));
        expect(await seriousViolations(page, '#main')).toEqual([]);
      });

      it('finds nothing serious on a lead page travelled back in time', async () => {
        await page.goto('/leads?showMyLeadsOnly=true');
        await page.getByRole('feed', { name: 'Leads' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
        await visible(page.getByRole('slider', { name: 'Time travel' }));
        await page.getByRole('slider', { name: 'Time travel' }).focus();
        await page.keyboard.press('Home');
        await visible(page.getByText(/^Viewing this lead as it was on/));
        expect(await seriousViolations(page, '#main')).toEqual([]);
      });
    });
  }
});
