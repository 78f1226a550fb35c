import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { sessionOf, type Session } from './support/sessions';
import { createLead, patchLead, poolFor } from './support/leads';
import { gone, toastWith, visible } from './support/ui';

describe('lead card', () => {
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

  it('claims an available lead, then marks it contacted and qualified', async () => {
    const lead = await createLead(page, 'Claim');
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await visible(card.getByText('Available', { exact: true }));
    await visible(card.getByText(/^Added /));
    await card.getByRole('button', { name: 'Claim Lead' }).click();
    await visible(toastWith(page, 'Lead Claimed'));
    await visible(page.getByText(`You have successfully claimed ${lead.name}`));
    await visible(card.getByText('Claimed', { exact: true }));
    await gone(card.getByRole('button', { name: 'Claim Lead' }));

    await card.getByRole('button', { name: 'Mark as Contacted' }).click();
    await visible(page.getByText('Status updated to Contacted'));
    await visible(card.getByText('Contacted', { exact: true }));
    await card.getByRole('button', { name: 'Mark as Qualified' }).click();
    await visible(page.getByText('Status updated to Qualified'));
    await visible(card.getByText('Qualified', { exact: true }));
  });

  it('shows the details with their defaults and links to the lead page', async () => {
    const lead = await createLead(page, 'Details');
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Show More' }).click();
    // Spec 2.7's defaults for a lead nobody has worked yet.
    for (const text of ['Source', 'Not specified', 'Claimed By', 'None', 'Stage', 'New', 'Priority', 'Medium', 'Lead Score', 'Not scored']) {
      await visible(card.getByText(text, { exact: true }));
    }
    // Unclaimed: the score is read-only and there are no editors.
    expect(await card.getByRole('slider').count()).toBe(0);
    expect(await card.getByRole('group', { name: 'Stage' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Show Less' }).click();
    await gone(card.getByText('Not specified'));
    await card.getByRole('button', { name: 'Show More' }).click();
    await card.getByRole('link', { name: 'View Complete Details' }).click();
    await page.waitForURL(`**/leads/${lead.id}?from=leads`);
  });

  it('edits tags: Enter adds, duplicates are ignored, quick tags add, a tag can be removed', async () => {
    const lead = await createLead(page, 'Tags');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Show More' }).click();
    const tags = card.getByRole('group', { name: 'Tags' });
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByLabel('New tag').fill('  Warm intro  ');
    await tags.getByLabel('New tag').press('Enter');
    await visible(toastWith(page, 'Lead Updated'));
    await visible(page.getByText('Lead details have been updated successfully.'));
    await visible(tags.getByRole('button', { name: 'Remove tag Warm intro' }));
    await tags.getByRole('group', { name: 'Quick tags' }).getByRole('button', { name: '+ VIP' }).click();
    await visible(tags.getByRole('button', { name: 'Remove tag VIP' }));
    await gone(tags.getByRole('button', { name: '+ VIP' }));

    // The box stays open for the next tag; a duplicate (in any case) sends nothing.
    let writes = 0;
    page.on('request', (r) => r.method() === 'PATCH' && writes++);
    await tags.getByLabel('New tag').fill('vip');
    await tags.getByLabel('New tag').press('Enter');
    await tags.getByLabel('New tag').press('Escape');
    await gone(tags.getByLabel('New tag'));
    expect(writes).toBe(0);

    await tags.getByRole('button', { name: 'Remove tag Warm intro' }).click();
    await gone(tags.getByRole('button', { name: 'Remove tag Warm intro' }));
    await page.reload();
    await page.getByRole('article', { name: lead.name }).getByRole('button', { name: 'Show More' }).click();
    await visible(page.getByRole('button', { name: 'Remove tag VIP' }));
  });

  it('schedules a follow-up with a quick option and clears it', async () => {
    const lead = await createLead(page, 'Follow');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Show More' }).click();
    const followUp = card.getByRole('group', { name: 'Follow-up' });
    await followUp.getByRole('button', { name: 'Schedule a follow-up' }).click();
    const quick = followUp.getByRole('group', { name: 'Quick options' });
    for (const option of ['Today', 'Tomorrow', 'In 3 days', 'In 1 week', 'In 2 weeks', 'In 1 month']) await visible(quick.getByRole('button', { name: option }));
    await visible(followUp.getByRole('grid'));
    await quick.getByRole('button', { name: 'Tomorrow' }).click();
    await visible(page.getByText('Lead details have been updated successfully.'));
    await visible(followUp.getByRole('button', { name: 'Tomorrow' }));

    // The Has follow-up filter now finds it.
    await page.goto(poolFor(lead, '&hasFollowUp=true'));
    await visible(page.getByRole('article', { name: lead.name }));
    await page.getByRole('article', { name: lead.name }).getByRole('button', { name: 'Show More' }).click();
    await page.getByRole('button', { name: 'Clear follow-up' }).click();
    await visible(page.getByText('No leads match your search criteria. Try different filters.'));
  });

  it('shows an unscored lead as Not scored, with no band, until it is scored', async () => {
    const lead = await createLead(page, 'Unscored');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Show More' }).click();
    const band = card.getByText(/^(Hot|Warm|Cool|Cold)$/);
    await visible(card.getByText('Not scored', { exact: true }));
    expect(await band.count()).toBe(0);
    expect(await card.getByRole('slider', { name: 'Lead Score' }).getAttribute('aria-valuetext')).toBe('Not scored');
    await card.getByRole('group', { name: 'Adjust score' }).getByRole('button', { name: '+10' }).click();
    await visible(card.getByText('Cold', { exact: true }));
    await gone(card.getByText('Not scored', { exact: true }));
  });

  it('adjusts the score with the quick buttons and the slider', async () => {
    const lead = await createLead(page, 'Score');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Show More' }).click();
    const adjust = card.getByRole('group', { name: 'Adjust score' });
    expect(await adjust.getByRole('button', { name: '-5' }).isDisabled()).toBe(true);
    await adjust.getByRole('button', { name: '+10' }).click();
    await visible(toastWith(page, 'Lead score updated'));
    await expect.poll(() => card.getByRole('slider', { name: 'Lead Score' }).inputValue(), { timeout: 10_000 }).toBe('10');
    await card.getByRole('slider', { name: 'Lead Score' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => card.getByRole('slider', { name: 'Lead Score' }).inputValue(), { timeout: 10_000 }).toBe('11');
    await page.reload();
    await page.getByRole('article', { name: lead.name }).getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => page.getByRole('slider', { name: 'Lead Score' }).inputValue(), { timeout: 10_000 }).toBe('11');
  });

  it("shows another agent's lead without the holder's controls, and the server refuses this agent's edits", async () => {
    // Another agent creates and claims the lead, in a browser context of their own.
    const other = await openPage(browser, { storageState: await sessionOf(browser, 'new agent') });
    const lead = await createLead(other.page, 'Held elsewhere');
    await patchLead(other.page, lead.id, { status: 'claimed' });
    await other.context.close();

    await page.goto(poolFor(lead));
    const card = page.getByRole('article', { name: lead.name });
    await visible(card.getByText('Claimed', { exact: true }));
    await visible(card.getByText('Held by'));
    for (const name of ['Claim Lead', 'Mark as Contacted', 'Mark as Qualified']) expect(await card.getByRole('button', { name }).count()).toBe(0);
    await card.getByRole('button', { name: 'Show More' }).click();
    await visible(card.getByRole('link', { name: 'View Complete Details' }));
    // Spec 2.7: 'Claimed By' says 'You' only to the holder; the editors are the holder's alone.
    expect(await card.getByText('You', { exact: true }).count()).toBe(0);
    for (const group of ['Status', 'Stage', 'Priority', 'Tags', 'Follow-up', 'Adjust score']) expect(await card.getByRole('group', { name: group }).count()).toBe(0);
    expect(await card.getByRole('slider').count()).toBe(0);

    // The lead's page offers no 'Manage lead' either.
    await page.goto(`/leads/${lead.id}`);
    await visible(page.getByRole('heading', { level: 1, name: lead.name }));
    await visible(page.getByRole('heading', { name: 'History' }));
    expect(await page.getByRole('heading', { name: 'Manage lead' }).count()).toBe(0);

    // Whatever the screen shows, the server refuses anyone but the holder (a manager of the holder's team aside).
    const origin = { Origin: inject('baseURL') };
    for (const body of [{ status: 'contacted' }, { stage: 'proposal' }, { priority: 'high' }, { score: 50 }, { tags: ['VIP'] }, { nextFollowUp: '2030-01-01T09:00:00.000Z' }]) {
      const answer = await page.request.patch(`/api/leads/${lead.id}`, { headers: origin, data: body });
      expect(answer.status(), JSON.stringify(body)).toBe(403);
    }
    expect((await page.request.post(`/api/leads/${lead.id}/release`, { headers: origin, data: {} })).status()).toBe(403);
  });
});
