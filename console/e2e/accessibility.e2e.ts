import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { visible } from './support/ui';

/** Serious and critical axe findings, summarised so a failure names the rule and the nodes. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`in ${colorScheme} mode`, () => {
      beforeEach(async () => {
        ({ context, page } = await openPage(browser, { colorScheme }));
      });

      it('finds nothing serious on the sign-in screen', async () => {
        await page.goto('/login');
        await visible(page.getByRole('heading', { name: 'Welcome back!' }));
        expect(await seriousViolations(page)).toEqual([]);
      });

      it('finds nothing serious on the registration screen', async () => {
        await page.goto('/register');
        await visible(page.getByRole('button', { name: 'Create account' }));
        expect(await seriousViolations(page)).toEqual([]);
      });

      it('finds nothing serious on the dashboard', async () => {
        await signIn(page);
        await visible(page.getByText(/^Showing \d+ of \d+ leads$/));
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
});
