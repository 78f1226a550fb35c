import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { managerSession } from './support/calls';
import { sessionOf, type Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the analytics hub, lead and funnel analytics, an explanation and the dashboard's, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('analytics screenshots', () => {
  let browser: Browser;
  let manager: Session;
  let agent: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    [manager, agent] = [await managerSession(browser), await sessionOf(browser, 'demo')];
  });
  afterAll(() => browser.close());

  /** Grows a desktop window to the whole page, so the fixed sidebar spans it as it does on screen. */
  const fitPage = async (page: Page, mobile: boolean) => {
    if (mobile) return;
    await page.setViewportSize(DESKTOP);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: DESKTOP.width, height: Math.min(height, 4000) });
  };

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures the analytics screens, ${device}, ${theme}`, async () => {
        const mobile = device === 'mobile';
        const options = { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1 } as const;
        const shot = (page: Page, name: string) => page.screenshot({ path: `${outDir}${name}-${device}-${theme}.png` });

        const { context, page } = await openPage(browser, { ...options, storageState: manager });
        await page.goto('/analytics');
        await visible(page.getByRole('region', { name: 'Commissions' }).getByRole('definition').first());
        await visible(page.getByRole('region', { name: 'Lead analytics' }).getByRole('definition').first());
        await shot(page, 'analytics-hub');
        await page.goto('/lead-analytics?range=all');
        await visible(page.getByRole('region', { name: 'Agents', exact: true }).getByRole('table'));
        await visible(page.getByRole('region', { name: 'Cohorts by created week' }).locator('.recharts-bar-rectangle').first());
        await fitPage(page, mobile);
        await shot(page, 'lead-analytics');
        await page.setViewportSize(viewport);
        await page.getByRole('button', { name: /^Sold leads: / }).first().click();
        await visible(page.getByRole('dialog').getByRole('link').first());
        await shot(page, 'lead-analytics-explain');
        await page.goto('/funnel-analytics?range=all');
        await visible(page.getByRole('region', { name: 'Sales funnel by source' }).locator('.recharts-bar-rectangle').first());
        await fitPage(page, mobile);
        await shot(page, 'funnel-analytics');
        await context.close();

        const asAgent = await openPage(browser, { ...options, storageState: agent });
        await asAgent.page.goto('/');
        await asAgent.page.getByRole('button', { name: 'Explain Monthly Revenue' }).click();
        await visible(asAgent.page.getByRole('dialog').getByRole('link').first());
        await shot(asAgent.page, 'dashboard-stat-explain');
        await asAgent.context.close();
      });
    }
  }
});
