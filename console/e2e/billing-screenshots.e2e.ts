import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signedInOn, startStripeFloor } from './support/billing';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /subscribe as the demo floor's manager (plans set by hand),
// and /checkout once Stripe confirmed a payment (a floor of its own, billed through Stripe), in
// docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const devices = [['desktop', DESKTOP], ['mobile', MOBILE]] as const;
const optionsFor = (device: 'desktop' | 'mobile', viewport: { width: number; height: number }, theme: 'light' | 'dark') =>
  ({ viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 }) as const;

describe('billing screenshots', () => {
  let browser: Browser;
  let manager: Session;
  let stripeFloor: Awaited<ReturnType<typeof startStripeFloor>>;
  beforeAll(async () => {
    [browser, stripeFloor] = await Promise.all([launchBrowser(), startStripeFloor()]);
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'manager');
    manager = await context.storageState();
    await context.close();
    // The Stripe floor's manager buys Team for 12 seats; Stripe confirms it.
    const { page: buyer, close } = await signedInOn(browser, stripeFloor.url, 'manager');
    const res = await buyer.request.post('/api/billing/checkout', { data: { plan: 'team', seats: 12 }, headers: { Origin: stripeFloor.url } });
    if (!res.ok()) throw new Error(`checkout: ${res.status()} ${await res.text()}`);
    await stripeFloor.completeCheckout('cs_test_1', { plan: 'team', seats: 12, created: Math.floor(Date.now() / 1000) });
    await close();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stripeFloor?.stop();
  });

  for (const [device, viewport] of devices) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures /subscribe, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...optionsFor(device, viewport, theme), storageState: manager });
        await page.goto('/subscribe');
        await visible(page.getByRole('region', { name: 'Current plan' }).getByText(/\d+ of 100 seats used/));
        await visible(page.getByRole('radio', { name: 'Floor' }));
        await page.screenshot({ path: `${outDir}subscribe-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });

      it(`captures /checkout, ${device}, ${theme}`, async () => {
        const { page, close } = await signedInOn(browser, stripeFloor.url, 'manager', optionsFor(device, viewport, theme));
        await page.goto('/checkout?session_id=cs_test_1');
        await visible(page.getByRole('heading', { name: "You're on the Team plan" }));
        await page.screenshot({ path: `${outDir}checkout-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await close();
      });
    }
  }
});
