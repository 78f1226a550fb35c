import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the demo floor's custom fields as the Sales Manager sees
// them: the Add New Lead dialog with a real estate lead's fields, a lead card with its values,
// and the pool filtered by one (the filter panel open); in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;

describe('custom field screenshots', () => {
  let browser: Browser;
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  let leadName = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'manager');
    session = await context.storageState();
    await context.close();
  }, 90_000);
  afterAll(() => browser?.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options: BrowserContextOptions = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 };
      const shot = (name: string) => `${outDir}custom-fields-${name}-${device}-${theme}.png`;

      it(`captures the add form, a card's values and the filters, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: session });
        // A seeded real estate lead with a budget, bedrooms and a move-in date.
        await expect.poll(async () => {
          const conditions = ['budget>=1', 'move_in>=2000-01-01', 'bedrooms=3'].map((c) => `customField=${encodeURIComponent(c)}`).join('&');
          const res = await page.request.get(`/api/leads?typeFilter=real_estate&${conditions}&limit=1`);
          leadName = res.ok() ? ((await res.json()) as { leads: { name: string }[] }).leads[0]?.name ?? '' : '';
          return leadName;
        }, { timeout: 60_000 }).not.toBe('');
        await page.goto('/leads');
        await visible(page.getByRole('heading', { level: 1, name: 'Lead Pool' }));
        await page.getByRole('button', { name: 'Add Lead' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
        await dialog.getByLabel('Lead type').selectOption('real_estate');
        await visible(dialog.getByLabel('Bedrooms'));
        await page.screenshot({ path: shot('add-lead'), fullPage: device === 'mobile' });
        await page.keyboard.press('Escape');

        await page.goto(`/leads?search=${encodeURIComponent(leadName)}`);
        const card = page.getByRole('article', { name: leadName });
        await card.getByRole('button', { name: 'Show More' }).click();
        await visible(card.getByRole('region', { name: 'Custom fields' }).getByText('Bedrooms'));
        await page.screenshot({ path: shot('card'), fullPage: true });

        await page.goto(`/leads?typeFilter=real_estate&customField=${encodeURIComponent('bedrooms=3')}&customField=${encodeURIComponent('budget>=400000')}`);
        await page.getByRole('button', { name: 'Show Filters' }).click();
        await visible(page.getByRole('group', { name: 'Custom fields' }).getByLabel('Bedrooms'));
        await visible(page.getByText(/^\d[\d,]* leads? found/));
        await page.screenshot({ path: shot('filters'), fullPage: true });
        await context.close();
      });
    }
  }
});
