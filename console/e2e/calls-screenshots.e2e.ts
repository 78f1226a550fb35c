import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { managerSession } from './support/calls';
import { sessionOf, type Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the call log, a call and the call analytics in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('call screenshots', () => {
  let browser: Browser;
  let agent: Session;
  let manager: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    [agent, manager] = [await sessionOf(browser, 'demo'), await managerSession(browser)];
  });
  afterAll(() => browser.close());

  /** Grows a desktop window to the whole page, so the fixed sidebar spans it as it does on screen. */
  const fitPage = async (page: Page, mobile: boolean) => {
    if (mobile) return;
    await page.setViewportSize(DESKTOP);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: DESKTOP.width, height: Math.min(height, 3600) });
  };

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures the call log, a call and the call analytics, ${device}, ${theme}`, async () => {
        const mobile = device === 'mobile';
        const options = { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1 } as const;
        const shot = (page: Page, name: string) => page.screenshot({ path: `${outDir}${name}-${device}-${theme}.png` });

        // The manager's log names each call's agent.
        const asManager = await openPage(browser, { ...options, storageState: manager });
        await asManager.page.goto('/calls');
        await visible(asManager.page.getByRole('table').getByRole('link').first());
        await shot(asManager.page, 'calls');
        await asManager.page.goto('/call-analytics');
        await visible(asManager.page.getByRole('region', { name: 'Agents compared' }));
        await visible(asManager.page.getByRole('region', { name: 'Call script' }).getByRole('listitem').first());
        await fitPage(asManager.page, mobile);
        await shot(asManager.page, 'call-analytics');
        await asManager.context.close();

        const asAgent = await openPage(browser, { ...options, storageState: agent });
        await asAgent.page.goto('/calls?analyzed=analyzed&result=connected');
        await asAgent.page.getByRole('table').getByRole('link').first().click();
        await visible(asAgent.page.getByRole('region', { name: 'Analysis' }).getByText('Customer sentiment', { exact: true }));
        await fitPage(asAgent.page, mobile);
        await shot(asAgent.page, 'call-detail');
        await asAgent.context.close();
      });
    }
  }
});
