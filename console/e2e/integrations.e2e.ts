import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startWebhookReceiver } from '../../test/fake-hubspot';
import { seriousViolations } from './support/axe';
import { signedInOn } from './support/billing';
import { launchBrowser, MOBILE } from './support/browser';
import { startHubSpotFloor } from './support/integrations';
import { toastWith, visible } from './support/ui';

// /integrations on a demo floor of its own with HubSpot configured (a HubSpot-shaped server on
// loopback): the manager makes a signed lead source and a lead arrives through it, subscribes a
// webhook and sends a test, connects HubSpot and syncs; an agent is told who sets these up.
/** Signs a body as a sender of leads does (the README's scheme): HMAC-SHA256 of "<unix seconds>.<body>". */
const signBody = (secret: string, body: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};

describe('/integrations', () => {
  let browser: Browser;
  let floor: Awaited<ReturnType<typeof startHubSpotFloor>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    [browser, floor, receiver] = await Promise.all([launchBrowser(), startHubSpotFloor(), startWebhookReceiver()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await floor?.stop();
    await receiver?.close();
  });
  const asManager = async (options = {}) => signedInOn(browser, floor.url, 'manager', options);
  const sources = (page: Page) => page.getByRole('list', { name: 'Lead sources' });

  it('makes a signed lead source whose URL takes a lead into the pool, shown in its deliveries', async () => {
    const { page, close } = await asManager();
    try {
      await page.goto('/integrations');
      await visible(page.getByText('No lead sources yet.', { exact: false }));
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.getByRole('button', { name: 'New source' }).click();
      const dialog = page.getByRole('dialog', { name: 'New lead source' });
      await dialog.getByLabel('Name').fill('Website form');
      await dialog.getByRole('checkbox').check();
      const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret.length).toBeGreaterThanOrEqual(16);
      await dialog.getByRole('button', { name: 'Create source' }).click();
      const url = await dialog.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
      expect(url).toMatch(new RegExp(`^${floor.url}/api/hooks/leads/lfs_`));
      await visible(dialog.getByLabel('Sample request').getByText(/LeadFloor-Signature/));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await visible(sources(page).getByRole('listitem', { name: 'Website form' }).getByText('Signed'));

      const body = JSON.stringify({ name: 'Jamie Inbound', email: 'jamie@example.com', phone: '555-0123', city: 'Tulsa', state: 'OK', leadType: 'finance', externalId: 'e2e-1' });
      const unsigned = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(unsigned.status).toBe(401);
      const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'leadfloor-signature': signBody(secret, body) } });
      expect(res.status).toBe(202);

      await sources(page).getByRole('listitem', { name: 'Website form' }).getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries: Website form' });
      const received = log.getByRole('list', { name: 'Received leads' }).getByRole('listitem').filter({ hasText: 'Jamie Inbound' });
      await visible(received.getByText('Lead created'));
      await received.getByRole('link', { name: /^Lead #\d+$/ }).click();
      await visible(page.getByText('jamie@example.com').first());
    } finally {
      await close();
    }
  });

  it('subscribes a webhook, sends a test delivery and shows it in the log', async () => {
    const { page, close } = await asManager();
    try {
      await page.goto('/integrations');
      await page.getByRole('button', { name: 'New webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'New webhook' });
      await dialog.getByLabel('Endpoint URL').fill(receiver.url);
      await dialog.getByLabel('Lead claimed').check();
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      expect(await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem', { name: receiver.url });
      await visible(row.getByText(/Lead created, Lead claimed/));
      await row.getByRole('button', { name: 'Send test' }).click();
      await visible(toastWith(page, 'Test delivered'));
      expect(receiver.received.some((r) => r.body.includes('"ping"'))).toBe(true);
      await row.getByRole('button', { name: 'Delivery log' }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log' });
      await visible(log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').filter({ hasText: 'Test' }).getByText('Delivered'));
    } finally {
      await close();
    }
  });

  it('connects HubSpot through its sign-in, syncs now and shows the sync log', async () => {
    const { page, close } = await asManager();
    try {
      await page.goto('/integrations');
      const hubspot = page.getByRole('region', { name: 'HubSpot' });
      await visible(hubspot.getByText('Disconnected'));
      await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
      await page.waitForURL(/\/integrations$/);
      await visible(toastWith(page, 'HubSpot connected'));
      await visible(hubspot.getByText('Connected', { exact: true }));
      await hubspot.getByRole('button', { name: 'Sync now' }).click();
      await visible(toastWith(page, 'Synced to HubSpot'));
      expect(floor.hubspot.contacts.size).toBeGreaterThan(0);
      await hubspot.getByRole('button', { name: 'Show sync log' }).click();
      await visible(hubspot.getByRole('list', { name: 'Sync log' }).getByRole('listitem').filter({ hasText: 'Sync now' }).first());
    } finally {
      await close();
    }
  });

  it('fits a phone, and tells an agent that managers set integrations up', async () => {
    const { page, close } = await asManager({ viewport: MOBILE, isMobile: true });
    try {
      await page.goto('/integrations');
      await visible(sources(page));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await close();
    }
    const agent = await signedInOn(browser, floor.url, 'demo');
    try {
      await agent.page.goto('/integrations');
      await visible(agent.page.getByText(/set up by the floor's managers/));
    } finally {
      await agent.close();
    }
  });
});
