import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { startBackend } from './support/backend';
import { atPath, hasFocus, toastWith, visible } from './support/ui';

describe('sign-in', () => {
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

  it('shows the required-field messages when the form is empty', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Email or username is required'));
    await visible(page.getByText('Password is required'));
  });

  it('shows the welcome texts, the pitch and the demo credentials', async () => {
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Welcome back!' }));
    await visible(page.getByText('Enter to get unlimited access to your sales data & tools.'));
    await visible(page.getByText('AI-powered lead insights'));
    const demo = page.getByRole('region', { name: 'Demo credentials' });
    await visible(demo);
    await visible(demo.getByText('demo1234'));
    for (const username of ['demo', 'lead', 'manager']) await visible(demo.getByRole('button', { name: `Use the ${username} account` }));
    await visible(page.getByRole('button', { name: 'Sign up with Google' }));
  });

  it('toggles the password between hidden and shown', async () => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('hunter22');
    await page.getByRole('button', { name: 'Show password' }).click();
    await visible(page.locator('input[type="text"][autocomplete="current-password"]'));
    await page.getByRole('button', { name: 'Hide password' }).click();
    await visible(page.locator('input[type="password"][autocomplete="current-password"]'));
  });

  it('rejects a wrong password with the Login failed toast and focuses the password', async () => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(toastWith(page, 'Login failed'));
    await visible(page.getByText('The username or password you entered is incorrect.'));
    await hasFocus(page.getByLabel('Password', { exact: true }));
    // F8 takes keyboard users to the toast (spec 9).
    await page.keyboard.press('F8');
    await hasFocus(page.getByRole('region', { name: 'Alerts (F8)' }));
  });

  it('signs the demo user in and lands on the dashboard', async () => {
    await signIn(page);
    await visible(toastWith(page, 'Login successful'));
    await visible(page.getByText('Welcome back to LeadFloor!'));
  });

  it('fills the form from the demo credentials', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use the demo account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await atPath(page, '/');
  });

  it('signs out to /login with the Logged out toast', async () => {
    await signIn(page);
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('group', { name: 'User menu' }).getByRole('button', { name: 'Sign out' }).click();
    await atPath(page, '/login');
    await visible(toastWith(page, 'Logged out'));
    await visible(page.getByRole('heading', { name: 'Welcome back!' }));
  });
});

// DESIGN.md, "Demo floor": a production configuration never shows the demo credentials.
describe('sign-in on a floor that is not the demo', () => {
  let browser: Browser;
  let backend: Awaited<ReturnType<typeof startBackend>>;
  beforeAll(async () => {
    [browser, backend] = await Promise.all([launchBrowser(), startBackend({ env: { DEMO: 'false' } })]);
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.stop();
  });

  it('shows no demo credentials', async () => {
    const { context, page } = await openPage(browser, { baseURL: backend.url });
    try {
      await page.goto('/login');
      // The screen appears once the gateway has said whether there are demo accounts.
      await visible(page.getByRole('heading', { name: 'Welcome back!' }));
      await visible(page.getByRole('button', { name: 'Sign in' }));
      expect(await page.getByRole('region', { name: 'Demo credentials' }).count()).toBe(0);
      expect(await page.getByText('demo1234').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
