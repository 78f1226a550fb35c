import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { createLead, poolFor } from './support/leads';
import { visible } from './support/ui';

describe('claim race', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets exactly one of two agents claim a lead; the other sees the conflict', async () => {
    const agents = await Promise.all([openPage(browser), openPage(browser)]);
    try {
      for (const { page } of agents) await registerThroughApi(page);
      const lead = await createLead(agents[0].page, 'Race');
      const cards = agents.map(({ page }) => page.getByRole('article', { name: lead.name }));
      await Promise.all(agents.map(({ page }) => page.goto(poolFor(lead))));
      await Promise.all(cards.map((card) => visible(card.getByRole('button', { name: 'Claim Lead' }))));

      // Both press Claim at the same moment.
      await Promise.all(cards.map((card) => card.getByRole('button', { name: 'Claim Lead' }).click()));

      const outcome = (page: (typeof agents)[number]['page']) =>
        page.getByRole('region', { name: 'Alerts (F8)' }).getByText(/^(Lead Claimed|Lead already claimed)$/);
      await Promise.all(agents.map(({ page }) => visible(outcome(page))));
      const titles = await Promise.all(agents.map(({ page }) => outcome(page).textContent()));
      expect([...titles].sort()).toEqual(['Lead Claimed', 'Lead already claimed']);

      const loser = agents[titles.indexOf('Lead already claimed')]!.page;
      await visible(loser.getByText(`Someone else claimed ${lead.name} first.`));
      // The loser's card refreshes to show the lead taken, with no claim button left.
      const loserCard = loser.getByRole('article', { name: lead.name });
      await visible(loserCard.getByText('Claimed', { exact: true }));
      expect(await loserCard.getByRole('button', { name: 'Claim Lead' }).count()).toBe(0);
      expect(await loserCard.getByRole('button', { name: 'Mark as Contacted' }).count()).toBe(0);
    } finally {
      await Promise.all(agents.map(({ context }) => context.close()));
    }
  });
});
