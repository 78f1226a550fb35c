import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { uniqueUsername } from './support/accounts';
import { seriousViolations } from './support/axe';
import { signedInOn, startOwnFloor, startStripeFloor } from './support/billing';
import { launchBrowser, openPage } from './support/browser';
import { atPath, toastWith, visible } from './support/ui';

// /subscribe and /checkout, each on a demo floor of its own (support/billing.ts). The demo floor
// starts on Floor with 100 seats; its 11 agents and team leads hold one each.

const plans = (page: Page) => page.getByRole('region', { name: 'Plans' });
const currentPlan = (page: Page) => page.getByRole('region', { name: 'Current plan' });

describe('subscribe on a floor without Stripe (plans set by hand)', () => {
  let browser: Browser;
  let backend: Awaited<ReturnType<typeof startOwnFloor>>;
  beforeAll(async () => {
    [browser, backend] = await Promise.all([launchBrowser(), startOwnFloor()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.stop();
  });

  it('lets a manager change the plan and its seats, and the page shows it', async () => {
    const { page, close } = await signedInOn(browser, backend.url, 'manager');
    try {
      await page.goto('/subscribe');
      await visible(page.getByRole('heading', { level: 1, name: 'Subscription' }));
      await visible(currentPlan(page).getByText('11 of 100 seats used'));
      const floor = plans(page).getByRole('radio', { name: 'Floor' });
      expect(await floor.isChecked()).toBe(true);

      await plans(page).getByRole('radio', { name: 'Team' }).check();
      const seats = page.getByRole('spinbutton', { name: 'Seats' });
      expect(await seats.inputValue()).toBe('11');
      await seats.fill('30');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await visible(page.getByText('The Team plan takes 5 to 25 seats'));

      await seats.fill('20');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await visible(toastWith(page, 'Plan changed'));
      await visible(currentPlan(page).getByText('11 of 20 seats used'));
      await visible(currentPlan(page).getByText('Team', { exact: true }));
      await visible(plans(page).locator('label').filter({ has: page.getByRole('radio', { name: 'Team' }) }).getByText('Current plan'));

      // Settings shows the same plan and seats.
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Plan and seats' });
      await visible(card.getByText('11 of 20 seats used'));
      await visible(card.getByRole('link', { name: 'View plans' }));
    } finally {
      await close();
    }
  });

  it("finds nothing serious on /subscribe (a manager's choice) and /checkout, light and dark", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, close } = await signedInOn(browser, backend.url, 'manager', { colorScheme });
      try {
        await page.goto('/subscribe');
        await visible(page.getByRole('button', { name: 'Save plan' }));
        expect(await seriousViolations(page, 'main'), colorScheme).toEqual([]);
        await page.goto('/checkout?canceled=1');
        await visible(page.getByRole('heading', { name: 'Checkout canceled' }));
        expect(await seriousViolations(page, 'main'), colorScheme).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('shows an agent the plans read-only', async () => {
    const { page, close } = await signedInOn(browser, backend.url, 'demo');
    try {
      await page.goto('/subscribe');
      await visible(page.getByText('Only a manager can change the plan.').first());
      await visible(plans(page).getByRole('heading', { name: 'Floor' }));
      expect(await plans(page).getByRole('radio').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save plan' }).count()).toBe(0);
      await visible(currentPlan(page).getByText(/\d+ of \d+ seats used/));
    } finally {
      await close();
    }
  });

  it('refuses a sign-up once every seat is taken, naming the plan and its seats on the registration page', async () => {
    const { page: manager, close } = await signedInOn(browser, backend.url, 'manager');
    const { context, page } = await openPage(browser, { baseURL: backend.url });
    try {
      const billing = await (await manager.request.get('/api/billing')).json() as { seatsUsed: number };
      const full = await manager.request.put('/api/billing/plan', { data: { plan: 'team', seats: billing.seatsUsed }, headers: { Origin: backend.url } });
      expect(full.status()).toBe(200);

      await page.goto('/register');
      const username = uniqueUsername();
      await page.getByLabel('First name').fill('Full');
      await page.getByLabel('Last name').fill('Floor');
      await page.getByLabel('Company name').fill('LeadFloor');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(`${username}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
      await page.getByLabel('Confirm password').fill('secret-pass-1');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      const message = `The Team plan includes ${billing.seatsUsed} seats and all ${billing.seatsUsed} are taken. Ask a manager to add seats on the Subscription page.`;
      await visible(page.getByRole('form', { name: 'Create account' }).getByRole('alert').getByText(message));
      await atPath(page, '/register');
    } finally {
      await context.close();
      await close();
    }
  });
});

describe('subscribe through Stripe Checkout', () => {
  let browser: Browser;
  let floor: Awaited<ReturnType<typeof startStripeFloor>>;
  beforeAll(async () => {
    [browser, floor] = await Promise.all([launchBrowser(), startStripeFloor()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await floor?.stop();
  });

  it("sends a manager to checkout and back, and /checkout waits for Stripe's confirmation", async () => {
    const { page, close } = await signedInOn(browser, floor.url, 'manager');
    try {
      await page.goto('/subscribe');
      expect(await plans(page).getByRole('radio', { name: 'Free' }).isDisabled()).toBe(true);
      await plans(page).getByRole('radio', { name: 'Team' }).check();
      await page.getByRole('spinbutton', { name: 'Seats' }).fill('12');
      await visible(page.getByText('$348 / month'));
      await page.getByRole('button', { name: 'Continue to checkout' }).click();

      // Stripe's hosted page (here: one that pays at once) sends the browser back with the session id.
      await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('session_id') === 'cs_test_1');
      await visible(page.getByRole('heading', { name: 'Confirming your payment' }));

      await floor.completeCheckout('cs_test_1', { plan: 'team', seats: 12, created: Math.floor(Date.now() / 1000) });
      await visible(page.getByRole('heading', { name: "You're on the Team plan" }));
      await visible(page.getByText('the floor has 12 seats from now on'));
      expect(await seriousViolations(page, 'main')).toEqual([]);

      await page.goto('/subscribe');
      await visible(currentPlan(page).getByText('11 of 12 seats used'));
      await visible(currentPlan(page).getByText('Billed through Stripe'));
      await visible(page.getByRole('button', { name: 'Manage billing' }));
      expect(await plans(page).getByRole('radio').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('says nothing changed after a canceled checkout', async () => {
    const { page, close } = await signedInOn(browser, floor.url, 'manager');
    try {
      await page.goto('/checkout?canceled=1');
      await visible(page.getByRole('heading', { name: 'Checkout canceled' }));
      await visible(page.getByText('Nothing was charged.', { exact: false }));
      await page.getByRole('link', { name: 'Back to plans' }).click();
      await atPath(page, '/subscribe');
    } finally {
      await close();
    }
  });
});
