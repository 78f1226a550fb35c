import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the closers hub on the demo floor's seed, in docs/screenshots/:
// as `demo` (an applicant) the board, a job with its apply dialog, my applications, one application
// with its thread, and the empty employer dashboard; as `manager` (who posted the seeded jobs) the
// jobs to manage, a job's kanban, the employer dashboard and the job editor.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('closers hub screenshots', () => {
  let browser: Browser;
  const sessions: Record<'demo' | 'manager', Session> = {} as never;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    for (const who of ['demo', 'manager'] as const) {
      const { context, page } = await openPage(browser);
      await signInThroughApi(page, who);
      sessions[who] = await context.storageState();
      await context.close();
    }
  });
  afterAll(() => browser.close());

  /** Grows a desktop window to the whole page, so the fixed sidebar spans it as it does on screen. */
  const fitPage = async (page: Page, mobile: boolean) => {
    if (mobile) return;
    await page.setViewportSize(DESKTOP);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: DESKTOP.width, height: Math.min(Math.max(height, DESKTOP.height), 4000) });
  };

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const mobile = device === 'mobile';
      const options = { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1 } as const;
      const shot = (page: Page, name: string) => page.screenshot({ path: `${outDir}${name}-${device}-${theme}.png`, fullPage: mobile });

      it(`captures the applicant's screens, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: sessions.demo });
        await page.goto('/closers');
        await visible(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem', { name: 'Roofing Appointment Closer' }));
        await fitPage(page, mobile);
        await shot(page, 'closers-board');
        await page.setViewportSize(viewport);

        await page.getByRole('link', { name: 'Roofing Appointment Closer' }).click();
        await visible(page.getByRole('button', { name: 'Apply now' }));
        await fitPage(page, mobile);
        await shot(page, 'closers-job');
        await page.setViewportSize(viewport);
        await page.getByRole('button', { name: 'Apply now' }).click();
        const dialog = page.getByRole('dialog', { name: /^Apply: / });
        await dialog.getByLabel('Your experience').fill('Six years closing home improvement deals by phone; 31% close rate on set appointments last year.');
        await dialog.getByRole('button', { name: 'Send application' }).click();
        await visible(dialog.getByText('Write a message to the employer'));
        await page.screenshot({ path: `${outDir}closers-apply-${device}-${theme}.png` });
        await page.keyboard.press('Escape');

        await page.goto('/closers/my-applications');
        await visible(page.getByRole('listitem', { name: 'Medicare Plan Closer' }).getByText('In review').first());
        await fitPage(page, mobile);
        await shot(page, 'closers-my-applications');
        await page.setViewportSize(viewport);

        await page.getByRole('listitem', { name: 'Medicare Plan Closer' }).getByRole('link', { name: 'Open' }).click();
        await visible(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first());
        await visible(page.getByRole('list', { name: 'Status history' }));
        await fitPage(page, mobile);
        await shot(page, 'closers-application');
        await page.setViewportSize(viewport);

        await page.goto('/employer-dashboard');
        await visible(page.getByRole('heading', { name: 'You have not posted a job yet' }));
        await shot(page, 'closers-employer-empty');
        await context.close();
      });

      it(`captures the employer's screens, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: sessions.manager });
        await page.goto('/closers/manage-applications');
        await visible(page.getByRole('listitem', { name: 'Roofing Appointment Closer' }));
        await fitPage(page, mobile);
        await shot(page, 'closers-manage');
        await page.setViewportSize(viewport);

        await page.getByRole('listitem', { name: 'Roofing Appointment Closer' }).getByRole('link', { name: /^(Review|Open board)/ }).click();
        await visible(page.getByRole('list', { name: 'In review applications' }).getByRole('listitem').first());
        await visible(page.getByRole('list', { name: 'Accepted applications' }).getByRole('listitem').first());
        await fitPage(page, mobile);
        // The columns scroll sideways on a phone: the window shows the board as a person sees it.
        await page.screenshot({ path: `${outDir}closers-kanban-${device}-${theme}.png` });
        await page.setViewportSize(viewport);

        await page.goto('/employer-dashboard');
        await visible(page.getByRole('list', { name: 'Key figures' }));
        await visible(page.locator('.recharts-bar-rectangle').first());
        await fitPage(page, mobile);
        await shot(page, 'closers-employer-dashboard');
        await page.setViewportSize(viewport);

        await page.goto('/closers/jobs/new');
        await page.getByLabel('Title').fill('Solar Closer, residential');
        await page.getByLabel('Sales price ($)').fill('24,500');
        await page.getByLabel('Commission rate (%)').fill('8');
        await page.getByRole('button', { name: 'Save draft' }).click();
        await visible(page.getByText('Describe the job'));
        // The save bar stays at the foot of the window: a window-sized shot shows it where it is.
        await page.screenshot({ path: `${outDir}closers-job-editor-${device}-${theme}.png` });
        await context.close();
      });
    }
  }
});
