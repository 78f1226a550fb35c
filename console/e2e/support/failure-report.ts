import { afterEach, beforeEach } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

// When a journey fails, what was on screen says why far better than a locator timeout: each
// open page's address and accessibility tree go to the log. Pages a test closes in its own
// afterEach are reported as they close (vitest runs those hooks before this file's).

type TaskLike = { name: string; result?: { state?: string } };
let current: TaskLike | undefined;
const openPages = new Set<Page>();
/** Pages already reported for the current test. */
let reported = new Set<Page>();

const failing = () => current?.result?.state === 'fail';

async function report(page: Page): Promise<void> {
  if (page.isClosed() || reported.has(page)) return;
  reported.add(page);
  try {
    const tree = await page.locator('body').ariaSnapshot({ timeout: 2_000 });
    console.error(`\n--- "${current?.name}" failed; the page at ${page.url()} showed:\n${tree}\n---`);
  } catch (err) {
    console.error(`\n--- "${current?.name}" failed; the page at ${page.url()} could not be read: ${String(err)}`);
  }
}

/** Called by openPage: reports the page if its context closes while a failed test ends. */
export function watchForFailure(context: BrowserContext, page: Page): void {
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (failing()) await report(page);
    openPages.delete(page);
    return close(options);
  };
}

beforeEach(({ task }) => {
  current = task;
  reported = new Set();
});
afterEach(async () => {
  if (failing()) for (const page of [...openPages]) await report(page);
});
