import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniqueUsername } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { atPath, toastWith, visible } from './support/ui';

describe('registration', () => {
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

  it('shows every validation message of an empty form', async () => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required', 'Last name is required', 'Company name is required', 'Username must be at least 3 characters',
      'Please enter a valid email address', 'Password must be at least 6 characters', 'You must agree to the terms and conditions',
    ]) {
      await visible(page.getByText(message));
    }
  });

  it('says when the passwords do not match', async () => {
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm password').fill('secret-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Passwords do not match'));
  });

  it('goes back to sign-in and forth with the links', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register here' }).click();
    await atPath(page, '/register');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back!' }));
  });

  it('creates an account and lands on the dashboard', async () => {
    const username = uniqueUsername('new');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Closer');
    await page.getByLabel('Company name').fill('Acme Realty');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(toastWith(page, 'Registration successful'));
    await atPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });
});
