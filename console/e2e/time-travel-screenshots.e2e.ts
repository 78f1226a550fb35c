import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { demoAndManagerSessions, type Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: time travel's pictures in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** An instant two thirds into the demo floor's life (its seed), from the scrubber's own range. */
async function pastInstant(page: Page): Promise<string> {
  const range = (await (await page.request.get('/api/time-travel')).json()) as { floorStartedAt: string; now: string };
  const from = Date.parse(range.floorStartedAt);
  return new Date(from + (Date.parse(range.now) - from) * (2 / 3)).toISOString();
}

describe('time travel screenshots', () => {
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
      it(`captures the pool, the pipeline and the TV leaderboard in the past, ${device}, ${theme}`, async () => {
        const mobile = device === 'mobile';
        const { context, page } = await openPage(browser, { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1, storageState: sessions.demo });
        const shot = (name: string) => page.screenshot({ path: `${outDir}${name}-${device}-${theme}.png` });
        const at = encodeURIComponent(await pastInstant(page));

        await page.goto(`/leads?asOf=${at}`);
        await visible(page.getByText(/^Viewing the floor as of/));
        await visible(page.getByRole('slider', { name: 'Time travel' }));
        await visible(page.getByText(/leads? found/));
        await shot('time-travel-pool');

        await page.goto(`/leads?view=pipeline&asOf=${at}`);
        await visible(page.getByRole('region', { name: 'New stage' }));
        await visible(page.getByText(/leads? found/));
        await shot('time-travel-pipeline');
        await context.close();

        const tv = await openPage(browser, { viewport, colorScheme: theme, isMobile: mobile, deviceScaleFactor: mobile ? 2 : 1, storageState: sessions.manager });
        await tv.page.goto(`/leaderboard/tv?asOf=${at}`);
        await visible(tv.page.getByText(/^Viewing the floor as of/));
        await visible(tv.page.getByRole('heading', { name: 'Agents' }));
        await tv.page.screenshot({ path: `${outDir}time-travel-tv-${device}-${theme}.png` });
        await tv.context.close();
      });
    }
  }
});
