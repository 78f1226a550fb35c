import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium';
import { watchForFailure } from './failure-report';

/** Chromium at chromiumPath (see chromium.ts); flags keep it quiet and reproducible in containers and CI. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** A fresh, isolated browser context (own cookies and storage) on the test backend. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: DESKTOP, ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  watchForFailure(context, page);
  return { context, page };
}
