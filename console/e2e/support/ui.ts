import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

// Auto-waiting checks on top of Playwright's locators: each waits for the condition (up to
// the context timeout) instead of sleeping, and fails with the locator in the message.

export const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
export const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' });

export async function hasFocus(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
}

export async function atPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** The toast on screen (destructive ones are alerts, others status messages). */
export function toastWith(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Alerts (F8)' }).getByText(title, { exact: true });
}
