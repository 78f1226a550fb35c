import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signIn } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the pictures in docs/screenshots/ that the README shows.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures sign-in and dashboard, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 });
        await page.goto('/login');
        await visible(page.getByRole('heading', { name: 'Welcome back!' }));
        await page.screenshot({ path: `${outDir}sign-in-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await signIn(page);
        await visible(page.getByText(/^Showing \d+ of \d+ leads$/));
        await page.getByRole('region', { name: 'Alerts (F8)' }).getByRole('button', { name: 'Close' }).click();
        // Grow the window to the whole page so the fixed sidebar spans it, as it does on screen.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        if (device === 'desktop') await page.setViewportSize({ width: viewport.width, height });
        await page.screenshot({ path: `${outDir}dashboard-${device}-${theme}.png`, fullPage: true });
        await context.close();
      });
    }
  }
});
