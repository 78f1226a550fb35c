import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /profile, /settings and /notifications as the demo agent
// (who has points, badges, a month of work and notifications), in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('account screenshots', () => {
  let browser: Browser;
  let demo: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'demo');
    demo = await context.storageState();
    await context.close();
    // A second session, on a phone, so the Sessions section shows one to sign out.
    const phone = await openPage(browser, { userAgent: IPHONE });
    await signInThroughApi(phone.page, 'demo');
    await phone.page.request.get('/api/auth/current-user');
    await phone.context.close();
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures /profile, /settings and /notifications, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, { ...options, storageState: demo });
        const fullPage = device === 'mobile';

        await page.goto('/profile');
        await visible(page.getByRole('region', { name: 'This month' }).getByText('Leads claimed'));
        await visible(page.getByRole('list', { name: 'Badges' }).getByRole('listitem').first());
        await page.screenshot({ path: `${outDir}profile-${device}-${theme}.png`, fullPage });

        await page.goto('/settings');
        await visible(page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device'));
        await visible(page.getByRole('switch', { name: 'All lead notifications' }));
        await visible(page.getByRole('listitem', { name: 'Safari on iOS' }));
        await page.screenshot({ path: `${outDir}settings-${device}-${theme}.png`, fullPage: true });

        await page.goto('/notifications?category=lead');
        const history = page.getByRole('list', { name: 'Notification history' });
        await visible(history.getByRole('listitem').first());
        for (const box of (await history.getByRole('checkbox').all()).slice(0, 2)) await box.check();
        await visible(page.getByRole('button', { name: 'Mark selected read (2)' }));
        await page.screenshot({ path: `${outDir}notification-history-${device}-${theme}.png`, fullPage: false });
        await context.close();
      });
    }
  }
});
