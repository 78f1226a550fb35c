import type { Browser, BrowserContext } from 'playwright-core';
import type { ConsoleBuild } from './console-build';
import { DESKTOP_VIEWPORT } from './chromium';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A main page of the console, and what shows once it is usable: its content, not a spinner. */
export type ConsolePage = { name: string; path: string; ready: string; signedIn: boolean };

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { name: 'sign-in', path: '/login', ready: 'form[aria-label="Sign in"] button[type="submit"]', signedIn: false },
  { name: 'dashboard', path: '/', ready: 'a[href$="from=dashboard"]', signedIn: true },
  { name: 'lead pool', path: '/leads', ready: '[role="feed"] article', signedIn: true },
];

export const DEMO_SIGN_IN = { username: 'demo', password: 'demo1234' } as const;

/**
 * Signs the demo agent in and opens the dashboard once, as a returning user would have: the
 * session cookie, and the console's "was signed in" hint that starts the likely screen's
 * download while the session is checked.
 */
export async function signInAsDemo(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(`${url}/api/auth/login`, { data: DEMO_SIGN_IN, headers: { Origin: url } });
  if (!res.ok()) throw new Error(`demo sign-in: ${res.status()} ${await res.text()}`);
  const page = await context.newPage();
  try {
    await page.goto(`${url}/`);
    await page.locator(CONSOLE_PAGES[1]!.ready).first().waitFor({ timeout: 60_000 });
  } finally {
    await page.close();
  }
}

// In-page code is passed as text: the bench compiles without the DOM's types.
const noteWhenShown = (selector: string) => `(() => {
  const mark = () => window.__lfShownAt === undefined && document.querySelector(${JSON.stringify(selector)}) && (window.__lfShownAt = performance.now());
  new MutationObserver((_, observer) => { if (mark()) observer.disconnect(); }).observe(document, { subtree: true, childList: true });
})()`;
const SCRIPTS_BEFORE_SHOWN = `[...new Set(performance.getEntriesByType('resource')
  .filter((e) => e.startTime <= window.__lfShownAt)
  .map((e) => new URL(e.name).pathname)
  .filter((p) => /^\\/assets\\/.+\\.js$/.test(p)))]`;

/**
 * The JavaScript a page loads before it is usable: every script requested from navigation until
 * its content is on screen (resource timing against a MutationObserver's mark), gzip bytes as the
 * gateway sends them. Fresh context, so an empty HTTP cache; a signed-in page gets the demo
 * agent's session and hint. What loads after the content (the live socket, hover prefetches) is
 * not initial.
 */
export async function initialScripts(browser: Browser, o: { url: string; build: ConsoleBuild; page: ConsolePage; storageState?: StorageState }) {
  const context = await browser.newContext({ baseURL: o.url, viewport: DESKTOP_VIEWPORT, storageState: o.storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: noteWhenShown(o.page.ready) });
    await page.goto(o.page.path);
    // A function, not text: the console's CSP forbids evaluating strings in the page.
    await page.waitForFunction(() => (globalThis as { __lfShownAt?: number }).__lfShownAt !== undefined, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const paths = await page.evaluate<string[]>(SCRIPTS_BEFORE_SHOWN);
    const sizes = await Promise.all(paths.map(async (path) => ({ path, bytes: await o.build.gzipBytes(path) })));
    return { bytes: sizes.reduce((a, s) => a + s.bytes, 0), files: sizes.sort((a, b) => b.bytes - a.bytes) };
  } finally {
    await context.close();
  }
}
