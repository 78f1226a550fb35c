import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startWebhookReceiver } from '../../test/fake-hubspot';
import { signedInOn } from './support/billing';
import { launchBrowser, MOBILE } from './support/browser';
import { startHubSpotFloor } from './support/integrations';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /integrations as the manager of a floor with HubSpot
// configured (a HubSpot-shaped server on loopback): two lead sources, one of which took a lead,
// a webhook with a delivery, and HubSpot connected and synced; in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const devices = [['desktop', DESKTOP], ['mobile', MOBILE]] as const;

describe('integrations screenshots', () => {
  let browser: Browser;
  let floor: Awaited<ReturnType<typeof startHubSpotFloor>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    [browser, floor, receiver] = await Promise.all([launchBrowser(), startHubSpotFloor(), startWebhookReceiver()]);
    await mkdir(outDir, { recursive: true });
    const { page, close } = await signedInOn(browser, floor.url, 'manager');
    const post = async (path: string, data: unknown) => {
      const res = await page.request.post(path, { data, headers: { Origin: floor.url } });
      if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
      return res.json();
    };
    const form = await post('/api/lead-sources', { name: 'Website contact form' });
    await post('/api/lead-sources', { name: 'Facebook lead ads (Zapier)', signingSecret: 'a-long-signing-secret-for-zapier' });
    const lead = { name: 'Jordan Miles', email: 'jordan.miles@example.com', phone: '555-0188', city: 'Austin', state: 'TX', leadType: 'real_estate', externalId: 'form-1042' };
    await fetch(`${floor.url}${form.path}`, { method: 'POST', body: JSON.stringify(lead), headers: { 'content-type': 'application/json' } });
    const hook = await post('/api/webhooks', { url: receiver.url, eventTypes: ['LeadCreated', 'LeadStatusChanged'] });
    await post(`/api/webhooks/${hook.webhookId}/test`, {});
    await page.goto('/integrations');
    await page.getByRole('region', { name: 'HubSpot' }).getByRole('button', { name: 'Connect HubSpot' }).click();
    await page.waitForURL(/\/integrations$/);
    await page.getByRole('region', { name: 'HubSpot' }).getByRole('button', { name: 'Sync now' }).click();
    await visible(page.getByText('Synced to HubSpot'));
    await close();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await floor?.stop();
    await receiver?.close();
  });

  for (const [device, viewport] of devices) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures /integrations, ${device}, ${theme}`, async () => {
        const { page, close } = await signedInOn(browser, floor.url, 'manager', {
          viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1,
        });
        await page.goto('/integrations');
        await visible(page.getByRole('list', { name: 'Lead sources' }).getByText('1 created'));
        await visible(page.getByRole('list', { name: 'Webhooks' }).getByText(/[1-9]\d* delivered/));
        await visible(page.getByRole('region', { name: 'HubSpot' }).getByText(/last sync/));
        await page.screenshot({ path: `${outDir}integrations-${device}-${theme}.png`, fullPage: true });
        await close();
      });
    }
    it(`captures a new source's URL and sample request, ${device}`, async () => {
      const { page, close } = await signedInOn(browser, floor.url, 'manager', { viewport, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 });
      await page.goto('/integrations');
      await page.getByRole('button', { name: 'New source' }).click();
      const dialog = page.getByRole('dialog', { name: 'New lead source' });
      await dialog.getByLabel('Name').fill(`Landing page (${device})`);
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Create source' }).click();
      await visible(dialog.getByLabel('Sample request'));
      await page.screenshot({ path: `${outDir}integrations-source-${device}-light.png` });
      await close();
    });
  }
});
