import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// axe-core on the closers hub's screens, light and dark, on the demo floor's seeded jobs: as
// `demo` the board, a job with its apply dialog, my applications and an application with its
// thread; as `manager` (who posted the seeded jobs) a job's kanban and the employer dashboard.
describe('closers hub accessibility', () => {
  let browser: Browser;
  const sessions: Record<'demo' | 'manager', Session> = {} as never;
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const who of ['demo', 'manager'] as const) {
      const { context, page } = await openPage(browser);
      await signInThroughApi(page, who);
      sessions[who] = await context.storageState();
      await context.close();
    }
  });
  afterAll(() => browser.close());

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious findings on the applicant's screens, ${theme}`, async () => {
      const { context, page } = await openPage(browser, { storageState: sessions.demo, colorScheme: theme });
      await page.goto('/closers');
      await visible(page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first());
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.getByRole('link', { name: 'Roofing Appointment Closer' }).click();
      await page.getByRole('button', { name: 'Apply now' }).click();
      await visible(page.getByRole('dialog', { name: /^Apply: / }));
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.goto('/closers/my-applications');
      await visible(page.getByRole('listitem', { name: 'Medicare Plan Closer' }));
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.getByRole('listitem', { name: 'Medicare Plan Closer' }).getByRole('link', { name: 'Open' }).click();
      await visible(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first());
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await context.close();
    });

    it(`has no serious findings on the employer's screens, ${theme}`, async () => {
      const { context, page } = await openPage(browser, { storageState: sessions.manager, colorScheme: theme });
      await page.goto('/closers/manage-applications');
      await page.getByRole('listitem', { name: 'Roofing Appointment Closer' }).getByRole('link', { name: /^(Review|Open board)/ }).click();
      await visible(page.getByRole('region', { name: 'Accepted column' }).getByRole('listitem').first());
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.goto('/employer-dashboard');
      await visible(page.locator('.recharts-bar-rectangle').first());
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await context.close();
    });
  }
});
