import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { sessionOf, type Session } from './support/sessions';
import { createLead, patchLead } from './support/leads';
import { atPath, gone, visible } from './support/ui';

describe('lead details and history', () => {
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

  it('picks the back link from ?from=', async () => {
    const lead = await createLead(page, 'Back');
    await page.goto(`/leads/${lead.id}?from=dashboard`);
    await visible(page.getByRole('heading', { level: 1, name: lead.name }));
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/');
    await page.goto(`/leads/${lead.id}?from=leads`);
    await page.getByRole('link', { name: 'Back to Lead Pool' }).click();
    await atPath(page, '/leads');
  });

  it('shows every field and the card actions, and claims from the page', async () => {
    const lead = await createLead(page, 'Page');
    await page.goto(`/leads/${lead.id}?from=leads`);
    const info = page.getByRole('region', { name: 'Lead information' });
    for (const term of ['Email', 'Lead Type', 'Status', 'Phone', 'Address', 'Source', 'Claimed By', 'Stage', 'Priority', 'Created', 'Last Updated']) {
      await visible(info.getByText(term, { exact: true }));
    }
    await info.getByRole('button', { name: 'Claim Lead' }).click();
    await visible(page.getByText(`You have successfully claimed ${lead.name}`));
    const manage = page.getByRole('region', { name: 'Manage lead' });
    await manage.getByRole('group', { name: 'Priority' }).getByRole('button', { name: 'High' }).click();
    await visible(page.getByText('Lead details have been updated successfully.'));
    expect(await manage.getByRole('group', { name: 'Priority' }).getByRole('button', { name: 'High' }).getAttribute('aria-pressed')).toBe('true');
    await manage.getByRole('group', { name: 'Stage' }).getByRole('button', { name: 'Proposal' }).click();
    await visible(page.getByText('Lead stage updated to Proposal'));
  });

  it('lists the history and shows the lead as it was with the time slider', async () => {
    const lead = await createLead(page, 'History');
    await patchLead(page, lead.id, { status: 'claimed' });
    await patchLead(page, lead.id, { score: 40 });
    await patchLead(page, lead.id, { tags: ['VIP'] });
    await page.goto(`/leads/${lead.id}?from=leads`);
    const history = page.getByRole('region', { name: 'History' });
    for (const line of [/^Lead created/, /^Claimed by Test Agent/, /^Score set to 40/, /^Tags: VIP/]) await visible(history.getByText(line));
    const info = page.getByRole('region', { name: /^Lead information/ });
    await visible(info.getByText('Claimed', { exact: true }));

    const slider = history.getByRole('slider', { name: 'Time travel' });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForURL(/asOf=/);
    await visible(page.getByText(/^Viewing this lead as it was on/));
    await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('Available', { exact: true }));
    await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('None', { exact: true }));
    expect(await page.getByRole('button', { name: 'Claim Lead' }).count()).toBe(0);

    // One step later: claimed, not yet scored.
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('Claimed', { exact: true }));
    await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('Not scored'));

    // A reload keeps the moment (it is in the address).
    await page.reload();
    await visible(page.getByText(/^Viewing this lead as it was on/));
    await page.getByRole('button', { name: 'Back to now' }).click();
    await gone(page.getByText(/^Viewing this lead as it was on/));
    expect(new URL(page.url()).searchParams.has('asOf')).toBe(false);
    await visible(page.getByRole('region', { name: 'Manage lead' }));
  });

  it('travels to a moment from the timeline', async () => {
    const lead = await createLead(page, 'Moment');
    await patchLead(page, lead.id, { status: 'claimed' });
    await page.goto(`/leads/${lead.id}`);
    await page.getByRole('button', { name: /^View as of here/ }).last().click();
    await visible(page.getByRole('region', { name: 'Lead information (past)' }).getByText('Available', { exact: true }));
  });

  it('says so for a lead that does not exist', async () => {
    await page.goto('/leads/999999999');
    await visible(page.getByRole('heading', { level: 1, name: 'Lead not found' }));
  });
});
