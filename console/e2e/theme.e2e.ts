import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { visible } from './support/ui';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('theme', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { colorScheme: 'light' }));
  });
  afterEach(() => context.close());

  it('follows the operating system by default and when it changes', async () => {
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Welcome back!' }));
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
  });

  it('keeps a chosen theme across a reload', async () => {
    await signIn(page);
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('theme-mode')])).toEqual(['dark', 'dark']);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(await isDark(page)).toBe(true);
    await visible(page.getByRole('button', { name: 'Theme: Dark' }));
  });
});
