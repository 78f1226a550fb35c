import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { createLead, patchLead, poolFor } from './support/leads';
import { demoAndManagerSessions, type Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /commissions (as the manager, who sees the agent column and
// the actions), the Record Sale dialog and the TV leaderboard, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('sales and leaderboard screenshots', () => {
  let browser: Browser;
  let sessions: { demo: Session; manager: Session };
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    sessions = await demoAndManagerSessions(browser);
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;

      it(`captures /commissions and /leaderboard/tv, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: sessions.manager });
        await page.goto('/commissions');
        await visible(page.getByRole('list', { name: 'Commission totals' }).getByText(/^This month/).first());
        await visible(device === 'desktop' ? page.getByRole('table').getByRole('row').nth(1) : page.getByRole('list', { name: /^Sales and their commissions/ }).getByRole('listitem').first());
        await visible(page.getByRole('region', { name: 'Commission plan' }).getByText('Real Estate', { exact: true }));
        if (device === 'desktop') await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
        await page.screenshot({ path: `${outDir}commissions-${device}-${theme}.png`, fullPage: true });
        if (device === 'desktop') await page.setViewportSize(viewport);

        await page.goto('/leaderboard/tv');
        await visible(page.getByRole('status').getByText('Live'));
        await visible(page.getByRole('list', { name: 'Agent ranking' }).getByRole('listitem').first());
        await visible(page.getByRole('list', { name: 'Team standings' }).getByRole('listitem').first());
        await page.screenshot({ path: `${outDir}leaderboard-tv-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });

      if (device === 'desktop') {
        it(`captures the Record Sale dialog, ${device}, ${theme}`, async () => {
          const { context, page } = await openPage(browser, { ...options, storageState: sessions.demo });
          const lead = await createLead(page, 'Screenshot');
          await patchLead(page, lead.id, { status: 'claimed' });
          await page.goto(poolFor(lead));
          await page.getByRole('article', { name: lead.name }).getByRole('button', { name: 'Record Sale' }).click();
          const dialog = page.getByRole('dialog', { name: `Record a sale for ${lead.name}` });
          await dialog.getByLabel('Sale amount (USD)').fill('12,500');
          await dialog.getByLabel('Notes').fill('Two-bedroom condo, closing next week');
          await visible(dialog.getByText('$375 (3% of $12,500)'));
          await page.screenshot({ path: `${outDir}record-sale-dialog-${device}-${theme}.png` });
          await context.close();
        });
      }
    }
  }
});
