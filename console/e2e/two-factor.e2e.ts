import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, registerThroughApi, signIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { startBackend } from './support/backend';
import { launchBrowser, openPage } from './support/browser';
import { codeFor, enterPassword, setUpTwoFactor, wrongCodeFor } from './support/two-factor';
import { atPath, toastWith, visible } from './support/ui';

const card = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('group', { name: 'User menu' }).getByRole('button', { name: 'Sign out' }).click();
  await atPath(page, '/login');
  // Sign-out reloads the page; its toast shows once the reload is done.
  await visible(toastWith(page, 'Logged out'));
}

describe('two-factor sign-in', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser));
  });
  afterEach(() => context.close());

  it('is set up in settings, then asks for the code after the password', async () => {
    const { username, password } = await registerThroughApi(page);
    await page.goto('/settings');
    await visible(card(page).getByText(/^Off\. Someone who learns your password/));
    const { secret } = await setUpTwoFactor(page, password);
    await visible(toastWith(page, 'Two-factor sign-in is on'));
    await visible(card(page).getByText('10 of 10 recovery codes left.'));

    await signOut(page);
    await enterPassword(page, username, password);
    await visible(page.getByRole('heading', { name: 'Two-step verification' }));
    await page.getByLabel('Authentication code').fill(await wrongCodeFor(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByText('That code is not valid. Check the time on your phone and try the current code.'));
    await page.getByLabel('Authentication code').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await atPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await visible(toastWith(page, 'Login successful'));
  });

  it('takes a recovery code instead, once', async () => {
    const { username, password } = await registerThroughApi(page);
    await page.goto('/settings');
    const { recoveryCodes } = await setUpTwoFactor(page, password);
    await signOut(page);

    await enterPassword(page, username, password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await page.goto('/settings');
    await visible(card(page).getByText('9 of 10 recovery codes left.'));

    await signOut(page);
    await enterPassword(page, username, password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByText('That recovery code is not valid, or was used already.'));
    // Back to the password, and no session was made.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect((await (await page.request.get('/api/auth/current-user')).json()).user).toBeNull();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds nothing serious for axe-core in the setup and the code step, ${colorScheme}`, async () => {
      const themed = await openPage(browser, { colorScheme });
      try {
        const { username, password } = await registerThroughApi(themed.page);
        await themed.page.goto('/settings');
        await themed.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        await themed.page.getByLabel('Your password').fill(password);
        await themed.page.getByRole('button', { name: 'Continue' }).click();
        await visible(themed.page.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
        expect(await seriousViolations(themed.page, 'main')).toEqual([]);
        const secret = (await themed.page.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
        await themed.page.getByLabel('6-digit code').fill(await codeFor(secret, -1));
        await themed.page.getByRole('button', { name: 'Verify and turn on' }).click();
        await visible(themed.page.getByRole('list', { name: 'Recovery codes' }));
        expect(await seriousViolations(themed.page, 'main')).toEqual([]);

        await themed.context.clearCookies();
        await enterPassword(themed.page, username, password);
        await visible(themed.page.getByRole('heading', { name: 'Two-step verification' }));
        expect(await seriousViolations(themed.page, 'main')).toEqual([]);
      } finally {
        await themed.context.close();
      }
    });
  }
});

// The floor's rule changes what everyone sees, so it runs on a backend of its own.
describe('a floor that requires two-factor sign-in', () => {
  let browser: Browser;
  let backend: Awaited<ReturnType<typeof startBackend>>;
  beforeAll(async () => {
    [browser, backend] = await Promise.all([launchBrowser(), startBackend()]);
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.stop();
  });

  it("is switched on by a manager, and holds an agent without it to the setup until it is done", async () => {
    const manager = await openPage(browser, { baseURL: backend.url });
    const agent = await openPage(browser, { baseURL: backend.url });
    try {
      await signIn(manager.page, 'manager', DEMO.password);
      await manager.page.goto('/settings');
      const rule = manager.page.getByRole('region', { name: 'Floor sign-in rule' });
      await visible(rule.getByText(/^0 of \d+ people have two-factor sign-in on\./));
      await setUpTwoFactor(manager.page, DEMO.password);
      await visible(rule.getByText(/^1 of \d+ people have two-factor sign-in on\./));
      await rule.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
      await visible(toastWith(manager.page, 'Two-factor sign-in required'));
      await visible(rule.getByText(/Required by Morgan Reyes/));

      // The demo agent signs in with the password and lands on the setup, whatever the path.
      await enterPassword(agent.page, DEMO.username, DEMO.password);
      await visible(agent.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }));
      expect(await seriousViolations(agent.page, 'main')).toEqual([]);
      await agent.page.goto('/leads');
      await visible(agent.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }));
      await setUpTwoFactor(agent.page, DEMO.password, { fromSettings: false });
      await visible(agent.page.getByRole('heading', { level: 1, name: 'Lead Pool' }));
      await visible(rule.getByText(/^2 of \d+ people have two-factor sign-in on\./));
    } finally {
      await Promise.all([manager.context.close(), agent.context.close()]);
    }
  });
});
