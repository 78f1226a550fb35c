import type { Browser, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './chromium';
import type { StorageState } from './console-pages';
import { percentile, round } from './stats';

export type StepSample = {
  step: string;
  /** Event Timing: input to the next paint, the longest event of the step (16 = at or under Event Timing's 16 ms floor). */
  latencyMs: number | null;
  /** Input (for typing: the last key) to the frame that shows the step's result (a new list: the server's answer rendered). */
  updateMs: number | null;
  /** Lead cards in the DOM once the step is done. */
  mounted: number;
};
export type PoolRun = { steps: StepSample[]; scroll: { leadsScrolled: number; mountedMax: number; longestFrameMs: number | null; p95FrameMs: number | null }; mountedMax: number };

// In-page code is passed as text: the bench compiles without the DOM's types.
const EVENT_TIMING = `(() => {
  window.__lfEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__lfEvents.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;
// Each in parentheses: they are spliced into larger expressions.
const MOUNTED = `(document.querySelectorAll('[role="feed"] > article, [data-lead-id]').length)`;
const COUNT_LINE = `(document.querySelector('p[aria-live="polite"]')?.textContent ?? '')`;
const FIRST_CARD = `(document.querySelector('[role="feed"] article h3')?.textContent ?? '')`;
const FEED_IDLE = `(document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false')`;

/**
 * Arms the watchers of one step: when its input happens (the first, or for typing the last), and
 * the frame that shows `done` (a JS condition).
 */
const arm = (done: string, from: 'first' | 'last') => `(() => {
  window.__lfInputAt = undefined;
  const note = (e) => { if (${from === 'last'} || window.__lfInputAt === undefined) window.__lfInputAt = e.timeStamp; };
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, note, { capture: true });
  window.__lfDisarm = () => { for (const type of ['pointerdown', 'keydown']) removeEventListener(type, note, { capture: true }); };
  window.__lfUpdated = new Promise((resolve) => {
    const check = () => { if (!(${done})) return false; requestAnimationFrame(() => resolve(performance.now())); return true; };
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => { observer.disconnect(); resolve(null); }, 60000);
  });
  return performance.now();
})()`;
const SETTLE = `new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))`;

async function step(page: Page, name: string, act: () => Promise<unknown>, done: string, from: 'first' | 'last' = 'first'): Promise<StepSample> {
  const armedAt = await page.evaluate<number>(arm(done, from));
  await act();
  const updatedAt = await page.evaluate<number | null>('window.__lfUpdated');
  await page.evaluate(SETTLE);
  await page.evaluate('window.__lfDisarm()');
  const r = await page.evaluate<{ inputAt: number | null; longest: number | null; mounted: number }>(`({
    inputAt: window.__lfInputAt ?? null,
    longest: window.__lfEvents.filter((e) => e.start >= ${armedAt}).reduce((m, e) => Math.max(m ?? 0, e.duration), null),
    mounted: ${MOUNTED},
  })`);
  if (updatedAt === null) throw new Error(`console step '${name}': its result did not show within 60 s`);
  return { step: name, latencyMs: r.longest ?? 16, updateMs: r.inputAt === null ? null : round(updatedAt - r.inputAt, 0), mounted: r.mounted };
}

// A function, not text: the console's CSP forbids evaluating strings in the page.
const moreBelow = () => {
  const w = globalThis as unknown as { scrollY: number; innerHeight: number; document: { documentElement: { scrollHeight: number } } };
  return w.document.documentElement.scrollHeight > w.scrollY + w.innerHeight + 2;
};

/** Scrolls the list 1,500 leads deep, as an agent skimming the pool would, sampling cards in the DOM and frame times. */
async function scrollDeep(page: Page, target = 1_500) {
  await page.evaluate(`(() => { window.__lfFrames = []; let last = performance.now(); const tick = (t) => { window.__lfFrames.push(t - last); last = t; if (!window.__lfStopFrames) requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`);
  let mountedMax = 0;
  let deepest = 0;
  for (let i = 0; i < 600 && deepest < target; i++) {
    await page.mouse.wheel(0, 1_500);
    const s = await page.evaluate<{ mounted: number; deepest: number; atEnd: boolean }>(`({
      mounted: ${MOUNTED},
      deepest: Math.max(0, ...[...document.querySelectorAll('[role="feed"] > article')].map((el) => Number(el.dataset.index))),
      atEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 2,
    })`);
    mountedMax = Math.max(mountedMax, s.mounted);
    deepest = s.deepest;
    // At the end of what is loaded: the next keyset page is on its way.
    if (s.atEnd) await page.waitForFunction(moreBelow, undefined, { timeout: 30_000 });
  }
  const frames = await page.evaluate<number[]>(`(window.__lfStopFrames = true, window.__lfFrames.slice(1))`);
  return { leadsScrolled: deepest + 1, mountedMax, longestFrameMs: round(percentile(frames, 100), 0), p95FrameMs: round(percentile(frames, 95), 0) };
}

/**
 * One pass over the 100,000-lead pool as an agent works it, in a fresh context (empty cache):
 * a tab, the sort menu and a sort, a search typed key by key, a card's details, a deep scroll,
 * and the pipeline view. Interaction latency is the browser's own Event Timing (what INP is
 * made of); the update time runs from the input to the frame that shows the new list.
 */
export async function poolRun(browser: Browser, o: { url: string; storageState: StorageState }): Promise<PoolRun> {
  const context = await browser.newContext({ baseURL: o.url, viewport: DESKTOP_VIEWPORT, storageState: o.storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: EVENT_TIMING });
    await page.goto('/leads');
    await page.locator('[role="feed"] article').first().waitFor({ timeout: 60_000 });
    const steps: StepSample[] = [];
    const countLine = () => page.evaluate<string>(COUNT_LINE);
    const firstCard = () => page.evaluate<string>(FIRST_CARD);

    let before = await countLine();
    steps.push(await step(page, 'tab: Available', () => page.getByRole('tab', { name: 'Available' }).click(), `${FEED_IDLE} && ${COUNT_LINE} !== ${JSON.stringify(before)} && !${COUNT_LINE}.startsWith('Loading')`));
    steps.push(await step(page, 'sort menu: open', () => page.getByRole('button', { name: /^Sort: / }).click(), `document.querySelector('[role="menu"]:not([hidden])') !== null`));
    before = await firstCard();
    steps.push(await step(page, 'sort: Name (A-Z)', () => page.getByRole('menuitemradio', { name: /Name \(A-Z\)/ }).click(), `${FEED_IDLE} && ${FIRST_CARD} !== ${JSON.stringify(before)}`));
    steps.push(await step(page, 'filters: show', () => page.getByRole('button', { name: 'Show Filters' }).click(), `document.querySelector('input[aria-label="Search leads"]') !== null`));
    steps.push(await step(page, 'search: type "Lead 4242"', () => page.getByRole('searchbox', { name: 'Search leads', exact: true }).pressSequentially('Lead 4242', { delay: 40 }),
      `${FEED_IDLE} && ${COUNT_LINE}.includes('Lead 4242')`, 'last'));
    steps.push(await step(page, 'card: Show More', () => page.locator('[role="feed"] article').first().getByRole('button', { name: 'Show More' }).click(),
      `[...document.querySelectorAll('[role="feed"] article a')].some((a) => a.textContent.includes('View Complete Details'))`));

    await page.goto('/leads');
    await page.locator('[role="feed"] article').first().waitFor({ timeout: 60_000 });
    const scroll = await scrollDeep(page);
    await page.evaluate('scrollTo(0, 0)');
    steps.push(await step(page, 'view: Pipeline', () => page.getByRole('button', { name: 'Pipeline', exact: true }).click(),
      `document.querySelectorAll('section[aria-label$=" stage"]').length === 5 && document.querySelector('[data-lead-id]') !== null`));
    return { steps, scroll, mountedMax: Math.max(scroll.mountedMax, ...steps.map((s) => s.mounted)) };
  } finally {
    await context.close();
  }
}
