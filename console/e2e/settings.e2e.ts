import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { toastWith, visible } from './support/ui';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('/settings', () => {
  let browser: Browser;
  let opened: BrowserContext[] = [];
  const open = async (options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, options);
    opened.push(context);
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
  const signedIn = async (page: Page) => (await page.request.get('/api/auth/current-user')).json() as Promise<{ user: unknown }>;

  it('keeps the notification switches and adds appearance, password, sessions and data export', async () => {
    const page = await open();
    await registerThroughApi(page);
    await page.goto('/settings');
    for (const name of ['Appearance', 'Notifications', 'Password', 'Sessions', 'Your data']) {
      await visible(page.getByRole('region', { name }));
    }
    await visible(page.getByRole('switch', { name: 'All lead notifications' }));
    const theme = page.getByRole('radiogroup', { name: 'Appearance' });
    await theme.getByText('Dark', { exact: true }).click();
    expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await theme.getByText('Light', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it('lists the sessions with this device, and signs another one out', async () => {
    const page = await open();
    const { username, password } = await registerThroughApi(page);
    const laptop = await open({ userAgent: FIREFOX });
    await signInThroughApi(laptop, username, password);
    await laptop.request.get('/api/auth/current-user');

    await page.goto('/settings');
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await visible(sessions.getByText('This device'));
    const other = sessions.getByRole('listitem', { name: 'Firefox on Linux' });
    await visible(other);
    await other.getByRole('button', { name: 'Sign out Firefox on Linux' }).click();
    await visible(toastWith(page, 'Signed out'));
    await expect.poll(() => other.count()).toBe(0);
    expect((await signedIn(laptop)).user).toBeNull();
    expect((await signedIn(page)).user).not.toBeNull();
  });

  it('changes the password: wrong current one and a mismatch are said by their fields; success ends the other sessions', async () => {
    const page = await open();
    const { username, password } = await registerThroughApi(page);
    const phone = await open();
    await signInThroughApi(phone, username, password);

    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('a-better-one');
    await form.getByLabel('Confirm new password').fill('a-different-one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText('Passwords do not match'));

    await form.getByLabel('Confirm new password').fill('a-better-one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText('The current password is incorrect.'));

    await form.getByLabel('Current password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(toastWith(page, 'Password changed'));
    expect((await signedIn(phone)).user).toBeNull();
    expect((await signedIn(page)).user).not.toBeNull();
    await signInThroughApi(await open(), username, 'a-better-one');
  });

  it('downloads my own data as JSON', async () => {
    const page = await open();
    const { username } = await registerThroughApi(page);
    await page.goto('/settings');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^leadfloor-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const body = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(body.profile.username).toBe(username);
    expect(body.sessions.length).toBeGreaterThan(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds nothing serious for axe-core, ${colorScheme}`, async () => {
      const page = await open({ colorScheme });
      await registerThroughApi(page);
      await page.goto('/settings');
      await visible(page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device'));
      await visible(page.getByRole('switch', { name: 'All lead notifications' }));
      expect(await seriousViolations(page, 'main')).toEqual([]);
    });
  }

  it('fits a phone screen', async () => {
    const page = await open({ viewport: MOBILE, isMobile: true });
    await registerThroughApi(page);
    await page.goto('/settings');
    await visible(page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
