import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead } from './support/leads';
import { notificationItem, openBell } from './support/notifications';
import { demoAndManagerSessions } from './support/sessions';
import { gone, visible } from './support/ui';

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

// Two people at once: `demo` watches, `manager` acts in a second, separate browser context.
// Each signs in once per file (the gateway allows 30 sign-ins per address in 15 minutes, and
// the whole suite shares one address); every test then opens fresh contexts on those sessions.
describe('real-time updates', () => {
  let browser: Browser;
  let sessions: { demo: Session; manager: Session };
  let demo: { context: BrowserContext; page: Page };
  let manager: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    browser = await launchBrowser();
    sessions = await demoAndManagerSessions(browser);
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    demo = await openPage(browser, { storageState: sessions.demo });
    manager = await openPage(browser, { storageState: sessions.manager });
    await demo.page.goto('/');
    await visible(demo.page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });
  afterEach(async () => {
    await demo.context.close();
    await manager.context.close();
  });

  it('says the bell is connected and shows the Connected notice', async () => {
    const panel = await openBell(demo.page);
    await visible(notificationItem(panel, 'Connected', 'Real-time notifications are now active'));
    await demo.page.keyboard.press('Escape');
    await gone(panel);
  });

  it('rings the bell when a manager in another browser claims a lead demo added', async () => {
    // Connected first, so the notification arrives as a push, not in the bell's first read.
    const panel = await openBell(demo.page);
    await demo.page.keyboard.press('Escape');
    await gone(panel);

    const lead = await createLead(demo.page, 'Bell');
    await patchLead(manager.page, lead.id, { status: 'claimed' });

    await openBell(demo.page);
    const item = notificationItem(panel, 'Lead Claimed', `Morgan Reyes claimed ${lead.name}`);
    await visible(item.getByText('just now'));
    await visible(item.getByText('(unread)'));
    expect(await item.getByRole('link', { name: 'Lead Claimed' }).getAttribute('href')).toBe(`/leads/${lead.id}`);

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await gone(item.getByText('(unread)'));
    await item.getByRole('button', { name: 'Remove notification' }).click();
    await gone(item);
  });

  it('updates an open lead pool without a reload when someone else adds and claims a lead', async () => {
    // The pool narrowed to the leads this test adds (createLead names them 'E2E Live …').
    await demo.page.goto(`/leads?search=${encodeURIComponent('E2E Live')}`);
    await visible(demo.page.getByRole('heading', { level: 1, name: 'Lead Pool' }));

    const lead = await createLead(manager.page, 'Live');
    const card = demo.page.getByRole('article', { name: lead.name });
    await visible(card.getByRole('button', { name: 'Claim Lead' }));

    await patchLead(manager.page, lead.id, { status: 'claimed' });
    await visible(card.getByText('Claimed', { exact: true }));
    await gone(card.getByRole('button', { name: 'Claim Lead' }));
  });
});
