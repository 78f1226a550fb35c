import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { atPath, visible } from './support/ui';
import { isUpcoming } from '../src/lib/upcoming-routes';

describe('auth gating', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser));
  });
  afterEach(() => context.close());

  for (const path of ['/', '/leads', '/subscribe', '/checkout', '/no-such-page']) {
    it(`sends a signed-out visitor of ${path} to the sign-in screen at /auth`, async () => {
      await page.goto(path);
      await atPath(page, '/auth');
      await visible(page.getByRole('heading', { name: 'Welcome back!' }));
    });
  }

  it('opens the registration tab at /register', async () => {
    await page.goto('/register');
    await visible(page.getByRole('button', { name: 'Create account' }));
  });

  for (const path of ['/login', '/register', '/auth']) {
    it(`moves a signed-in user from ${path} to the dashboard`, async () => {
      await signIn(page);
      await page.goto(path);
      await atPath(page, '/');
      await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    });
  }

  it('shows the 404 screen for an unknown path when signed in', async () => {
    await signIn(page);
    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
  });

  it('shows an honest not-available page for a screen that is not built yet', async () => {
    await signIn(page);
    await page.goto('/funnel-templates');
    await visible(page.getByRole('heading', { level: 1, name: 'Funnel Templates' }));
    await visible(page.getByText('Funnel Templates is not available yet'));
  });

  it('offers no link to a page that is not available yet on the dashboard or in the user menu', async () => {
    await signIn(page);
    const main = page.getByRole('main');
    await visible(main.getByRole('region', { name: 'Team Hierarchy' }));
    await visible(main.getByRole('region', { name: 'Leaderboard' }).getByRole('link', { name: 'TV view' }));
    await page.getByRole('button', { name: /^User menu/ }).click();
    const menu = page.getByRole('group', { name: 'User menu' });
    await visible(menu.getByRole('link', { name: 'Settings' }));
    const hrefs = [
      ...await main.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? '')),
      ...await menu.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? '')),
    ];
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter(isUpcoming)).toEqual([]);
  });
});
