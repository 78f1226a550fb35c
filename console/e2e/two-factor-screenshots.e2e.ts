import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, registerThroughApi } from './support/accounts';
import { startBackend } from './support/backend';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import type { Session } from './support/sessions';
import { codeFor, enterPassword } from './support/two-factor';
import { visible } from './support/ui';

// `npm run screenshots -w console`: setting up two-factor sign-in in /settings (the QR code, then
// the recovery codes), the code step of the sign-in, and, on a floor of its own whose manager
// requires it, the setup screen an agent is held to and the manager's switch.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const devices = [['desktop', DESKTOP], ['mobile', MOBILE]] as const;
const themes = ['light', 'dark'] as const;
const optionsFor = (device: 'desktop' | 'mobile', theme: 'light' | 'dark') => ({
  viewport: device === 'desktop' ? DESKTOP : MOBILE, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1,
} as const);

/** Turns on two-factor sign-in through the API (the calls /settings makes); returns the secret. */
async function turnOnThroughApi(page: Page, password: string, origin: string): Promise<string> {
  const headers = { Origin: origin };
  const setup = await page.request.post('/api/auth/two-factor/setup', { data: { password }, headers });
  if (!setup.ok()) throw new Error(`setup: ${setup.status()} ${await setup.text()}`);
  const secret = String((await setup.json()).manualKey).replace(/ /g, '');
  const enable = await page.request.post('/api/auth/two-factor/enable', { data: { code: await codeFor(secret, -1) }, headers });
  if (!enable.ok()) throw new Error(`enable: ${enable.status()} ${await enable.text()}`);
  return secret;
}

describe('two-factor screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
  });
  afterAll(() => browser.close());

  for (const [device] of devices) {
    for (const theme of themes) {
      it(`captures the setup in /settings, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, optionsFor(device, theme));
        const { password } = await registerThroughApi(page);
        await page.goto('/settings');
        const card = page.getByRole('region', { name: 'Two-factor sign-in' });
        await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        await card.getByLabel('Your password').fill(password);
        await card.getByRole('button', { name: 'Continue' }).click();
        await visible(card.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
        const secret = (await card.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${outDir}two-factor-setup-${device}-${theme}.png` });

        await card.getByLabel('6-digit code').fill(await codeFor(secret, -1));
        await card.getByRole('button', { name: 'Verify and turn on' }).click();
        await visible(card.getByRole('list', { name: 'Recovery codes' }));
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${outDir}two-factor-recovery-codes-${device}-${theme}.png` });
        await context.close();
      });

      it(`captures the code step of the sign-in, ${device}, ${theme}`, async () => {
        const setup = await openPage(browser);
        const { username, password } = await registerThroughApi(setup.page);
        await turnOnThroughApi(setup.page, password, inject('baseURL'));
        await setup.context.close();

        const { context, page } = await openPage(browser, optionsFor(device, theme));
        await enterPassword(page, username, password);
        await visible(page.getByRole('heading', { name: 'Two-step verification' }));
        await page.screenshot({ path: `${outDir}two-factor-sign-in-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });
    }
  }
});

// The floor's rule changes what everyone sees, so it is shown on a backend of its own.
describe('two-factor screenshots of a floor that requires it', () => {
  let browser: Browser;
  let backend: Awaited<ReturnType<typeof startBackend>>;
  let manager: Session;
  const signInThroughApi = async (page: Page, username: string) => {
    const res = await page.request.post('/api/auth/login', { data: { username, password: DEMO.password }, headers: { Origin: backend.url } });
    if (!res.ok()) throw new Error(`login: ${res.status()} ${await res.text()}`);
  };
  beforeAll(async () => {
    [browser, backend] = await Promise.all([launchBrowser(), startBackend()]);
    await mkdir(outDir, { recursive: true });
    // The manager's session, made before their second factor was on, serves every capture.
    const { context, page } = await openPage(browser, { baseURL: backend.url });
    await signInThroughApi(page, 'manager');
    await turnOnThroughApi(page, DEMO.password, backend.url);
    const required = await page.request.put('/api/auth/two-factor/policy', { data: { required: true }, headers: { Origin: backend.url } });
    if (!required.ok()) throw new Error(`policy: ${required.status()} ${await required.text()}`);
    manager = await context.storageState();
    await context.close();
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.stop();
  });

  for (const [device] of devices) {
    for (const theme of themes) {
      it(`captures the setup an agent is held to, and the manager's switch, ${device}, ${theme}`, async () => {
        const agent = await openPage(browser, { ...optionsFor(device, theme), baseURL: backend.url });
        await signInThroughApi(agent.page, DEMO.username);
        await agent.page.goto('/');
        await visible(agent.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }));
        await agent.page.screenshot({ path: `${outDir}two-factor-required-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await agent.context.close();

        const { context, page } = await openPage(browser, { ...optionsFor(device, theme), baseURL: backend.url, storageState: manager });
        await page.goto('/settings');
        const rule = page.getByRole('region', { name: 'Floor sign-in rule' });
        await visible(rule.getByText(/Required by Morgan Reyes/));
        await visible(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText(/recovery codes left/));
        await rule.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${outDir}two-factor-policy-${device}-${theme}.png` });
        await context.close();
      });
    }
  }
});
