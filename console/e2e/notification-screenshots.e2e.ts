import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signIn } from './support/accounts';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { notificationItem, openBell } from './support/notifications';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the bell, the history and the preferences in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('notification screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
  });
  afterAll(() => browser.close());

  for (const theme of ['light', 'dark'] as const) {
    it(`captures the open bell, the history and the preferences, desktop, ${theme}`, async () => {
      const { context, page } = await openPage(browser, { viewport: DESKTOP, colorScheme: theme });
      await signIn(page);
      await page.getByRole('region', { name: 'Alerts (F8)' }).getByRole('button', { name: 'Close' }).click();
      const panel = await openBell(page);
      await visible(notificationItem(panel, 'Connected', 'Real-time notifications are now active'));
      await page.screenshot({ path: `${outDir}notification-bell-desktop-${theme}.png` });

      await panel.getByRole('link', { name: 'View all notifications' }).click();
      await visible(page.getByRole('list', { name: 'Notification history' }).getByRole('listitem').first());
      await page.screenshot({ path: `${outDir}notifications-desktop-${theme}.png` });

      await page.goto('/settings');
      await visible(page.getByRole('switch', { name: 'Desktop notifications' }));
      await page.setViewportSize({ width: DESKTOP.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      await page.screenshot({ path: `${outDir}notification-settings-desktop-${theme}.png`, fullPage: true });
      await context.close();
    });
  }
});
