import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { atPath, visible } from './ui';

/** The demo floor's accounts (DESIGN.md): seeded by the backend on an empty database. */
export const DEMO = { username: 'demo', password: 'demo1234' } as const;

/** A username no other test uses. */
export const uniqueUsername = (prefix = 'agent') => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Signs in through the form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, username: string = DEMO.username, password: string = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await atPath(page, '/');
  await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
}

/**
 * Creates a fresh agent through the API (the same call the registration form makes) and
 * leaves the page's context signed in as them.
 */
export async function registerThroughApi(page: Page): Promise<{ username: string; password: string }> {
  const username = uniqueUsername();
  const password = 'secret-pass-1';
  // A browser sends its Origin with every write; the gateway refuses writes without a matching one.
  const response = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password, fullName: 'Test Agent', role: 'agent', level: 'rookie', points: 0 },
    headers: { Origin: inject('baseURL') },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { username, password };
}
