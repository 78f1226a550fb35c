import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readable } from './support/academy';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the demo floor's published funnel (Free home valuation) as the
// Sales Manager sees it: the /funnels list, the builder on its opt-in step, and the marketing
// funnels on /funnel-analytics, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('funnel screenshots', () => {
  let browser: Browser;
  let session: Session;
  let funnelId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'manager');
    session = await context.storageState();
    funnelId = await readable(page, '/api/funnels', (list: { funnels: { id: number; slug: string }[] }) => list.funnels.find((f) => f.slug === 'home-valuation')?.id);
    await context.close();
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
      const shot = (name: string) => `${outDir}${name}-${device}-${theme}.png`;

      it(`captures the funnel list, builder and analytics, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: session });
        await page.goto('/funnels');
        await visible(page.getByRole('link', { name: 'Free home valuation' }).or(page.getByRole('link', { name: /home valuation/i })).first());
        await page.screenshot({ path: shot('funnels'), fullPage: true });
        await page.goto(`/funnels/${funnelId}`);
        await visible(page.frameLocator('#preview-frame').getByRole('heading', { name: 'What is your home worth today?' }));
        await visible(page.getByRole('status').filter({ hasText: 'All changes saved' }));
        await page.screenshot({ path: shot('funnel-builder'), fullPage: device === 'mobile' });
        await page.goto('/funnel-analytics');
        await visible(page.getByRole('region', { name: 'Marketing funnels' }).getByRole('row', { name: /home valuation/i }).first());
        await page.screenshot({ path: shot('funnel-analytics-marketing'), fullPage: true });
        await context.close();
      }, 120_000);
    }
  }
});
