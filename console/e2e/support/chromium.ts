import { accessSync, constants, statSync } from 'node:fs';

/**
 * Debian's Chromium by default; CHROMIUM_PATH points elsewhere (another distribution or a
 * downloaded build). `npm test` finds one (or installs Debian's) and sets CHROMIUM_PATH.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Fails at once, with how to get one, when there is no browser to drive (not once per file). */
export function assertChromium(): void {
  try {
    accessSync(chromiumPath, constants.X_OK);
    if (!statSync(chromiumPath).isFile()) throw new Error('not a file');
  } catch {
    throw new Error(`Chromium not found at ${chromiumPath}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}: `
      + "run `npm test` or `npm run test:e2e`, which find Chromium or install Debian's, "
      + 'or install it yourself (Debian: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary');
  }
}
