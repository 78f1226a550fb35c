import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium unless CHROMIUM_PATH names another, as in the console's end-to-end tests. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of console/e2e/support/browser.ts: quiet and reproducible in containers and CI. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const chromiumLaunch = (extraArgs: string[] = []): LaunchOptions => ({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS, ...extraArgs] });

export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
