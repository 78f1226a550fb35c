import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { atPath, gone, visible } from './support/ui';

const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');

describe('mobile navigation drawer at 390 px', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true }));
    await signIn(page);
  });
  afterEach(() => context.close());

  it('opens 280 px wide, locks the page scroll and closes on Escape', async () => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await visible(drawer);
    // The drawer's panel is the navigation's parent (the dialog element itself covers the screen).
    const panel = drawer.getByRole('navigation', { name: 'Main' }).locator('xpath=..');
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(280);
    expect(await scrollLocked(page)).toBe(true);
    await page.keyboard.press('Escape');
    await gone(drawer);
    await expect.poll(() => scrollLocked(page)).toBe(false);
  });

  it('closes on a click outside it', async () => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await visible(drawer);
    await page.mouse.click(360, 400); // right of the 280 px panel, on the backdrop
    await gone(drawer);
  });

  it('navigates and closes when a link is followed', async () => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Calls' }).click();
    await atPath(page, '/calls');
    await gone(drawer);
    await visible(page.getByRole('heading', { level: 1, name: 'Calls' }));
  });

  it('uses the short search placeholder and the Add button', async () => {
    await visible(page.getByPlaceholder('Search...'));
    await visible(page.getByRole('button', { name: 'Add', exact: true }));
  });
});
