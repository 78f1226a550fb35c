import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { registerThroughApi, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead } from './support/leads';
import { notificationItem, openBell, signInThroughApi } from './support/notifications';
import { gone, toastWith, visible } from './support/ui';

const checked = (s: Locator) => s.getAttribute('aria-checked');
/** The times of a list's notifications, top to bottom. */
const timesIn = (list: Locator) => list.getByRole('listitem').evaluateAll((items) =>
  items.map((item) => Date.parse(item.querySelector('time')?.getAttribute('datetime') ?? '')));
const newestFirst = (times: number[]) => times.length > 1 && times.every((t, i) => !Number.isNaN(t) && (i === 0 || t <= times[i - 1]!));

describe('notification history and preferences', () => {
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

  it('pages back through the history 50 at a time', async () => {
    // The demo floor's history gives `demo` well over 50 notifications.
    await signIn(page);
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notification history' });
    await visible(page.getByRole('heading', { level: 1, name: 'Notifications' }));
    await visible(list.getByRole('listitem').first());
    expect(await list.getByRole('listitem').count()).toBe(50);
    await page.getByRole('button', { name: 'Load older notifications' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(50);
  });

  it('lists newest first, in the bell and in the history, older pages included', async () => {
    // The demo floor's history was recorded out of time order, so positions alone would not do.
    await signIn(page);
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notification history' });
    await visible(list.getByRole('listitem').first());
    await page.getByRole('button', { name: 'Load older notifications' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(50);
    expect(newestFirst(await timesIn(list))).toBe(true);
    const bell = await openBell(page);
    const latest = bell.getByRole('list', { name: 'Latest notifications' });
    await visible(latest.getByRole('listitem').first());
    expect(newestFirst(await timesIn(latest))).toBe(true);
  });

  it('reads the list once as /notifications opens (bell and page share it), and once more as the live connection opens', async () => {
    await registerThroughApi(page);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications') reads.push(r.url());
    });
    await page.goto('/notifications');
    await visible(page.getByText(/^You have no notifications\./));
    // The connection's refresh goes out as it opens; its 'Connected' notice follows a second later.
    await visible((await openBell(page)).getByRole('listitem', { name: 'Connected' }));
    expect(reads).toHaveLength(2);
  });

  it('toasts a live notification, lists it at once, and marks all read and clears all', async () => {
    // A fresh agent on no team: nothing else on the floor notifies them while this runs.
    await registerThroughApi(page);
    const lead = await createLead(page, 'History');
    await page.goto('/notifications');
    await visible(page.getByText(/^You have no notifications\./));
    await openBell(page);
    await page.keyboard.press('Escape');

    const manager = await openPage(browser);
    try {
      await signInThroughApi(manager.page, 'manager');
      await patchLead(manager.page, lead.id, { status: 'claimed' });
    } finally {
      await manager.context.close();
    }

    const message = `Morgan Reyes claimed ${lead.name}`;
    await visible(toastWith(page, 'Lead Claimed'));
    await visible(page.getByRole('region', { name: 'Alerts (F8)' }).getByText(message));
    const item = notificationItem(page.getByRole('list', { name: 'Notification history' }), 'Lead Claimed', message);
    await visible(item.getByText('(unread)'));
    await visible(page.getByText('1 unread', { exact: true }));
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await visible(page.getByText('0 unread', { exact: true }));
    await gone(item.getByText('(unread)'));

    const panel = await openBell(page);
    await visible(notificationItem(panel, 'Lead Claimed', 'Morgan Reyes claimed'));
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await visible(panel.getByText('No notifications yet'));
    await page.keyboard.press('Escape');
    await visible(page.getByText(/^You have no notifications\./));
  });

  it('saves each preference switch and greys the events of a category that is off', async () => {
    await registerThroughApi(page);
    await page.goto('/settings');
    await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
    const sound = page.getByRole('switch', { name: 'Sound' });
    const allLeads = page.getByRole('switch', { name: 'All lead notifications' });
    const newLead = page.getByRole('switch', { name: 'New Lead' });
    await visible(sound);
    expect(await page.getByRole('switch').count()).toBe(15);
    expect(await checked(sound)).toBe('true');
    expect(await checked(page.getByRole('switch', { name: 'Desktop notifications' }))).toBe('false');

    await sound.click();
    await expect.poll(() => checked(sound)).toBe('false');
    await allLeads.click();
    await expect.poll(() => checked(allLeads)).toBe('false');
    expect(await newLead.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => checked(sound)).toBe('false');
    await expect.poll(() => newLead.isDisabled()).toBe(true);
    await visible(page.getByText('Off while All lead notifications is off.').first());
  });
});
