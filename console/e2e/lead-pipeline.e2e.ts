import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { sessionOf, type Session } from './support/sessions';
import { createLead, patchLead, poolFor } from './support/leads';
import { toastWith, visible } from './support/ui';

/** Drags with the mouse as a person does: press, move a little (the drag starts), travel, release. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag source or target is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 160), { steps: 16 });
  await page.mouse.up();
}

describe('pipeline', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One agent per file (each test makes its own leads): the gateway limits registrations per address.
    session = await sessionOf(browser, 'new agent');
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { storageState: session }));
  });
  afterEach(() => context.close());

  it('shows five stage columns with counts, hints and the banner', async () => {
    await page.goto('/leads?view=pipeline');
    await visible(page.getByText('Drag and drop leads between stages to update their progress. Changes are saved automatically.'));
    for (const stage of ['New', 'Discovery', 'Proposal', 'Negotiation', 'Closed']) {
      const column = page.getByRole('region', { name: `${stage} stage` });
      await visible(column.getByRole('heading', { name: stage }));
      await visible(column.getByText(`Drop leads here to move to ${stage}`));
    }
    await page.goto(`/leads?view=pipeline&search=${encodeURIComponent('no lead has this name')}`);
    await visible(page.getByRole('region', { name: 'Proposal stage' }).getByText('No leads in Proposal stage'));
  });

  it('shows whole names on the cards of a 1366 px screen', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const lead = await createLead(page, 'Whole Name');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead, '&view=pipeline'));
    const name = page.getByRole('region', { name: 'New stage' }).getByRole('link', { name: lead.name });
    await visible(name);
    // Neither cut short with an ellipsis nor clipped: the name's line holds all of it.
    const clipped = await name.evaluate((el) => {
      const line = el.parentElement!;
      return line.scrollWidth > line.clientWidth || line.scrollHeight > line.clientHeight;
    });
    expect(clipped).toBe(false);
  });

  it('moves a lead to another stage by drag and drop, and the move persists after a reload', async () => {
    const lead = await createLead(page, 'Drag');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead, '&view=pipeline'));
    const card = page.getByRole('region', { name: 'New stage' }).getByRole('listitem').filter({ hasText: lead.name });
    await visible(card);
    await drag(page, page.getByRole('button', { name: `Move ${lead.name}` }), page.getByRole('region', { name: 'Discovery stage' }));
    await visible(toastWith(page, 'Lead Updated'));
    await visible(page.getByText('Lead stage updated to Discovery'));
    await visible(page.getByRole('region', { name: 'Discovery stage' }).getByRole('link', { name: lead.name }));

    await page.reload();
    await visible(page.getByRole('region', { name: 'Discovery stage' }).getByRole('link', { name: lead.name }));
    expect(await page.getByRole('region', { name: 'New stage' }).getByRole('link', { name: lead.name }).count()).toBe(0);
  });

  it('does nothing when a lead is dropped back on its own column', async () => {
    const lead = await createLead(page, 'Stay');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead, '&view=pipeline'));
    const column = page.getByRole('region', { name: 'New stage' });
    await visible(column.getByRole('link', { name: lead.name }));
    let writes = 0;
    page.on('request', (r) => r.method() === 'PATCH' && writes++);
    await drag(page, page.getByRole('button', { name: `Move ${lead.name}` }), column);
    await page.waitForLoadState('networkidle');
    await visible(column.getByRole('link', { name: lead.name }));
    expect(writes).toBe(0);
  });

  it('offers no handle on a lead someone else holds', async () => {
    const lead = await createLead(page, 'Locked');
    await page.goto(poolFor(lead, '&view=pipeline'));
    await visible(page.getByRole('region', { name: 'New stage' }).getByRole('link', { name: lead.name }));
    expect(await page.getByRole('button', { name: `Move ${lead.name}` }).count()).toBe(0);
  });
});
