import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { atPath, gone, toastWith, visible } from './support/ui';
import { isUpcoming } from '../src/lib/upcoming-routes';

describe('dashboard', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser));
    await signIn(page);
  });
  afterEach(() => context.close());

  it('shows the four stat cards with their links', async () => {
    for (const [label, link, path] of [
      ['Monthly Revenue', 'View details', '/commissions'],
      ['Active Leads', 'View all', '/leads'],
      ['Calls This Week', 'View logs', '/calls'],
      ['Conversion Rate', 'View analytics', '/analytics'],
    ] as const) {
      await visible(page.getByText(label, { exact: true }));
      // A link to a page that is not built yet (the Analytics Hub) waits for it.
      if (isUpcoming(path)) expect(await page.getByRole('link', { name: `${link}: ${label}` }).count()).toBe(0);
      else expect(await page.getByRole('link', { name: `${link}: ${label}` }).getAttribute('href')).toBe(path);
    }
  });

  it('keeps a seven-figure Monthly Revenue inside its card at 1366 px', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.route((url) => url.pathname === '/api/dashboard/stats', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { stats: Record<string, number> };
      await route.fulfill({ response, json: { ...body, stats: { ...body.stats, monthlyRevenue: 2_323_210 } } });
    });
    await page.reload();
    const figure = page.getByText('$2,323,210', { exact: true });
    await visible(figure);
    const card = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem').filter({ hasText: 'Monthly Revenue' });
    const [box, cardBox] = [await figure.boundingBox(), await card.boundingBox()];
    expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(await figure.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  it('filters the recent leads by type and counts them', async () => {
    const panel = page.getByRole('region', { name: 'Recent Leads' });
    await visible(panel.getByText(/^Showing \d+ of \d+ leads$/));
    await panel.getByRole('button', { name: 'Forex' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Forex' }).getAttribute('aria-pressed')).toBe('true');
    await visible(panel.getByText(/^Showing \d+ of \d+ leads$/));
    const hrefs = await panel.getByRole('list').getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/leads\/\d+\?from=dashboard$/);
  });

  it('shows real call averages or says no call is analysed yet, never sample figures', async () => {
    const card = page.getByRole('region', { name: 'Call Analytics' });
    await visible(card.getByText('Avg. sentiment', { exact: true }).or(card.getByText(/^No analysed calls yet/)));
    // Its change since last week and its insights are the analysed calls' own (call-analytics.e2e.ts).
  });

  it('validates and creates a lead from the New Lead dialog', async () => {
    await page.getByRole('button', { name: 'New Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
    await visible(dialog.getByText('Enter the details for the new lead below'));
    await dialog.getByRole('button', { name: 'Create Lead' }).click();
    for (const message of ['Name is required', 'Invalid email address', 'Phone number is required', 'City is required', 'State is required', 'Lead type is required']) {
      await visible(dialog.getByText(message));
    }
    const name = `E2E Lead ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill('e2e.lead@example.com');
    await dialog.getByLabel('Phone').fill('555-0100');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('Lead type').selectOption('forex');
    await dialog.getByLabel('Source').selectOption('referral');
    await dialog.getByRole('button', { name: 'Create Lead' }).click();
    await visible(toastWith(page, 'Lead created'));
    await gone(dialog);
    // Read-your-writes: the refreshed list already holds the new lead.
    await visible(page.getByRole('region', { name: 'Recent Leads' }).getByRole('link', { name }));
  });

  it('fits the Add New Lead sheet on a 390 px phone: title, Close and Name in view, the form scrolling under them', async () => {
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
    const inView = async (l: Locator) => {
      const b = await l.boundingBox();
      return b !== null && b.y >= 0 && b.y + b.height <= MOBILE.height;
    };
    const title = dialog.getByRole('heading', { name: 'Add New Lead' });
    const close = dialog.getByRole('button', { name: 'Close' });
    await visible(title);
    await expect.poll(() => inView(dialog.getByLabel('Name'))).toBe(true);
    expect(await inView(title)).toBe(true);
    expect(await inView(close)).toBe(true);
    await dialog.getByLabel('Name').fill('Reachable');
    const create = dialog.getByRole('button', { name: 'Create Lead' });
    await create.scrollIntoViewIfNeeded();
    expect(await inView(create)).toBe(true);
    expect(await inView(title)).toBe(true);
    await close.click();
    await gone(dialog);
  });

  it('links a recent lead to its details with from=dashboard', async () => {
    const first = page.getByRole('region', { name: 'Recent Leads' }).getByRole('list').getByRole('link').first();
    await first.click();
    await page.waitForURL(/\/leads\/\d+\?from=dashboard$/);
  });

  it('opens the user menu with role and level badges and reaches Settings', async () => {
    await page.getByRole('button', { name: /^User menu/ }).click();
    const menu = page.getByRole('group', { name: 'User menu' });
    await visible(menu.getByText(/ Level$/));
    await visible(menu.getByText('Agent', { exact: true }).or(menu.getByText('Team Lead', { exact: true })).or(menu.getByText('Sales Manager', { exact: true })).first());
    await menu.getByRole('link', { name: 'Settings' }).click();
    await atPath(page, '/settings');
  });

  it('opens the bell, connected to real-time updates', async () => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('group', { name: 'Notifications' });
    await visible(panel.getByText('Connected to real-time updates'));
    expect(await panel.getByRole('link', { name: 'View all notifications' }).getAttribute('href')).toBe('/notifications');
    await page.keyboard.press('Escape');
    await gone(panel);
  });
});
