import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readable } from './support/academy';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the academy on the demo floor's Solar Closer job: `demo`'s
// landing, training, assessments and progress (partway through), and the Sales Manager's editor
// and view of Jordan's progress and outcome, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('academy screenshots', () => {
  let browser: Browser;
  const sessions: Record<'demo' | 'manager', Session> = {} as never;
  let jobId = 0;
  let jordanId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    for (const who of ['demo', 'manager'] as const) {
      const { context, page } = await openPage(browser);
      await signInThroughApi(page, who);
      sessions[who] = await context.storageState();
      if (who === 'demo') {
        jobId = await readable(page, '/api/academy', (mine: { trainings: { jobId: number; jobTitle: string }[] }) =>
          mine.trainings.find((t) => t.jobTitle === 'Solar Closer')?.jobId);
      } else {
        jordanId = await readable(page, `/api/trainings/${jobId}/learners`, (list: { learners: { userId: number; fullName: string }[] }) =>
          list.learners.find((l) => l.fullName === 'Jordan Ellis')?.userId);
      }
      await context.close();
    }
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
      const shot = (name: string) => `${outDir}academy-${name}-${device}-${theme}.png`;

      it(`captures the learner's academy, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: sessions.demo });
        await page.goto('/academy');
        await visible(page.getByRole('list', { name: 'My trainings' }).getByText('Solar Closer'));
        await page.screenshot({ path: shot('landing'), fullPage: device === 'mobile' });
        await page.goto(`/academy/${jobId}`);
        await visible(page.getByRole('button', { name: /3\. Questions and answers/, expanded: true }));
        await page.screenshot({ path: shot('training'), fullPage: true });
        await page.goto(`/academy/${jobId}/assessments`);
        await visible(page.getByRole('list', { name: 'Assessments' }).getByText('Product basics'));
        await page.getByRole('button', { name: 'Try again' }).click();
        await visible(page.getByRole('form', { name: 'Answer Product basics' }));
        await page.screenshot({ path: shot('assessments'), fullPage: true });
        await page.goto(`/academy/${jobId}/progress`);
        await visible(page.getByRole('heading', { name: 'Training outcome in calls' }));
        await page.screenshot({ path: shot('progress'), fullPage: true });
        await context.close();
      });

      it(`captures the owner's editor and a learner's outcome, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: sessions.manager });
        await page.goto(`/closers/training/${jobId}`);
        await visible(page.getByRole('list', { name: 'Published assessments' }).getByText('Objection handling'));
        await page.screenshot({ path: shot('editor'), fullPage: true });
        await page.goto(`/academy/${jobId}/progress?userId=${jordanId}`);
        await visible(page.getByRole('heading', { name: 'After certification' }));
        await page.screenshot({ path: shot('outcome'), fullPage: true });
        await context.close();
      });
    }
  }
});
