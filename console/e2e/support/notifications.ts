import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO } from './accounts';
import { visible } from './ui';

/**
 * Signs a second browser in through the API (the call the sign-in form makes), for a person
 * whose only part in a test is to act: the manager who claims, the colleague who adds a lead.
 */
export async function signInThroughApi(page: Page, username: string, password: string = DEMO.password): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { username, password }, headers: { Origin: inject('baseURL') } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

/** Opens the bell and waits until its live connection is up; returns the panel. */
export async function openBell(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('group', { name: 'Notifications' });
  await visible(panel.getByText('Connected to real-time updates'));
  return panel;
}

/** A notification in a list, found by its title and the text of its message. */
export const notificationItem = (scope: Locator | Page, title: string, message: string): Locator =>
  scope.getByRole('listitem', { name: title }).filter({ hasText: message });
