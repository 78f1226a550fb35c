import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { sessionOf, type Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the lead pool's pictures in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('lead pool screenshots', () => {
  let browser: Browser;
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    session = await sessionOf(browser, 'demo');
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures the pool, the pipeline, an expanded card and a lead page, ${device}, ${theme}`, async () => {
        const mobile = device === 'mobile';
        const { context, page } = await openPage(browser, { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1, storageState: session });
        const shot = (name: string) => page.screenshot({ path: `${outDir}${name}-${device}-${theme}.png` });

        await page.goto('/leads');
        await visible(page.getByRole('feed', { name: 'Leads' }).getByRole('article').first());
        await visible(page.getByText(/leads? found/));
        await shot('lead-pool');

        await page.goto('/leads?view=pipeline');
        await visible(page.getByRole('region', { name: 'New stage' }).getByRole('listitem').first());
        await visible(page.getByText(/leads? found/));
        await shot('lead-pipeline');

        // Grow a desktop window to the page, so the fixed sidebar spans it as it does on screen.
        const fitPage = async () => {
          if (mobile) return;
          await page.setViewportSize(viewport);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width: viewport.width, height: Math.min(height, 2400) });
        };

        await page.goto('/leads?showMyLeadsOnly=true');
        const card = page.getByRole('feed', { name: 'Leads' }).getByRole('article').first();
        await card.getByRole('button', { name: 'Show More' }).click();
        await visible(card.getByRole('group', { name: 'Adjust score' }));
        if (!mobile) await page.setViewportSize({ width: viewport.width, height: 1500 });
        await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 150));
        await shot('lead-card-expanded');

        await card.getByRole('heading').getByRole('link').click();
        await visible(page.getByRole('slider', { name: 'Time travel' }));
        await visible(page.getByRole('region', { name: 'Manage lead' }));
        await fitPage();
        await shot('lead-details');
        await page.getByRole('slider', { name: 'Time travel' }).focus();
        await page.keyboard.press('Home');
        await visible(page.getByText(/^Viewing this lead as it was on/));
        await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('Available', { exact: true }));
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        await fitPage();
        await shot('lead-details-as-of');
        await page.setViewportSize(viewport);
        await context.close();
      });
    }
  }
});
