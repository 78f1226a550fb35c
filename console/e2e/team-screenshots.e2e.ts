import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /team's Structure (as the manager, who sees the management
// buttons) and Rankings tabs, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('team screenshots', () => {
  let browser: Browser;
  let manager: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'manager');
    manager = await context.storageState();
    await context.close();
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures /team, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, { ...options, storageState: manager });
        await page.goto('/team');
        await visible(page.getByRole('region', { name: 'Sales Manager' }).getByText('Morgan Reyes'));
        await visible(page.getByRole('button', { name: /^Manage / }).first());
        await page.screenshot({ path: `${outDir}team-structure-${device}-${theme}.png`, fullPage: device === 'mobile' });

        await page.getByRole('tab', { name: 'Rankings' }).click();
        await visible(page.getByRole('list', { name: 'Top performers' }).getByRole('listitem').first());
        await visible(page.getByRole('list', { name: 'Team rankings' }).getByRole('listitem').first());
        await page.screenshot({ path: `${outDir}team-rankings-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });
    }
  }
});
