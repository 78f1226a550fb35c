import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead } from './support/leads';
import { notificationItem } from './support/notifications';
import { visible } from './support/ui';

// Two fresh agents: Ann adds three leads and Bob claims them, so Ann is told three times.
describe('/notifications history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('filters by category and read state on the server, and marks a selection read', async () => {
    const ann = await openPage(browser);
    const bob = await openPage(browser);
    try {
      await registerThroughApi(ann.page);
      await registerThroughApi(bob.page);
      const leads = [await createLead(ann.page, 'History A'), await createLead(ann.page, 'History B'), await createLead(ann.page, 'History C')];
      for (const lead of leads) await patchLead(bob.page, lead.id, { status: 'claimed' });

      const page = ann.page;
      await page.goto('/notifications?state=unread');
      const list = page.getByRole('list', { name: 'Notification history' });
      for (const lead of leads) await visible(notificationItem(list, 'Lead Claimed', lead.name));
      await visible(page.getByRole('button', { name: 'Unread', pressed: true }));
      expect(await seriousViolations(page, 'main')).toEqual([]);

      await list.getByRole('checkbox', { name: new RegExp(`Select: Lead Claimed, .*${leads[0]!.name}`) }).check();
      await list.getByRole('checkbox', { name: new RegExp(`Select: Lead Claimed, .*${leads[2]!.name}`) }).check();
      await page.getByRole('button', { name: 'Mark selected read (2)' }).click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      await visible(notificationItem(list, 'Lead Claimed', leads[1]!.name));
      await visible(page.getByText('1 unread'));

      await page.getByRole('button', { name: 'Read', exact: true }).click();
      expect(new URL(page.url()).searchParams.get('state')).toBe('read');
      await visible(notificationItem(list, 'Lead Claimed', leads[0]!.name));
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);

      await page.getByLabel('Category').selectOption('sale');
      await visible(page.getByText('No notifications match these filters.'));
      await page.getByRole('button', { name: 'Show all notifications' }).click();
      await expect.poll(() => page.getByRole('list', { name: 'Notification history' }).getByRole('listitem').count()).toBe(3);
    } finally {
      await Promise.all([ann.context.close(), bob.context.close()]);
    }
  });
});
