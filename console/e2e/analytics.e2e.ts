import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { managerSession } from './support/calls';
import { sessionOf, type Session } from './support/sessions';
import { atPath, visible } from './support/ui';

type Funnel = { funnel: { step: string; count: number }[]; lost: number };
const count = (n: number) => n.toLocaleString('en-US');
const api = async <T>(page: Page, url: string) => (await (await page.request.get(url)).json()) as T;

describe('analytics hub, lead and funnel analytics (the Sales Manager on the demo floor)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let manager: Session;
  let demo: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    [manager, demo] = [await managerSession(browser), await sessionOf(browser, 'demo')];
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  describe('as the manager', () => {
    beforeEach(async () => {
      ({ context, page } = await openPage(browser, { storageState: manager }));
    });

    it('goes from the dashboard to the hub, on to lead analytics, and explains a figure down to its leads', async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'View analytics: Conversion Rate' }).click();
      await atPath(page, '/analytics');
      await visible(page.getByRole('heading', { level: 1, name: 'Analytics Hub' }));
      for (const area of ['Lead analytics', 'Call analytics', 'Funnel analytics', 'Commissions']) {
        await visible(page.getByRole('region', { name: area }).getByRole('definition').first());
      }
      await page.getByRole('link', { name: 'Open lead analytics' }).click();
      await atPath(page, '/lead-analytics');
      await visible(page.getByRole('heading', { level: 1, name: 'Lead Analytics' }));

      // All time: the page's figures are the server's.
      await page.getByLabel('Leads created', { exact: true }).selectOption('All time');
      await page.waitForURL(/range=all/);
      const all = await api<Funnel>(page, '/api/analytics/leads');
      const created = all.funnel[0]!.count;
      expect(created).toBeGreaterThan(100);
      const figure = page.getByRole('button', { name: `Leads created: ${count(created)}. Show the leads behind it` });
      await visible(figure);
      await figure.click();
      const dialog = page.getByRole('dialog', { name: 'Leads created' });
      await visible(dialog.getByText(`${count(created)} leads`));
      await dialog.getByRole('button', { name: 'Show more' }).click();
      await visible(dialog.getByRole('listitem').nth(49));
      await visible(dialog.getByText(`showing 50`, { exact: false }));
      const first = dialog.getByRole('link').first();
      const href = await first.getAttribute('href');
      await first.click();
      await atPath(page, href!);
    });

    it('shows each chart as a table, filters through the address, and explains a table figure', async () => {
      await page.goto('/lead-analytics?range=all&type=finance');
      const funnel = page.getByRole('region', { name: 'Status funnel' });
      await visible(funnel.getByRole('img', { name: /^Leads reaching each step\./ }));
      await funnel.getByRole('button', { name: 'Show status funnel as a table' }).click();
      const finance = await api<Funnel>(page, '/api/analytics/leads?leadType=finance');
      for (const [i, step] of ['Created', 'Claimed', 'Contacted', 'Qualified', 'Sold'].entries()) {
        const row = funnel.getByRole('row', { name: new RegExp(`^${step} `) });
        await visible(row.getByRole('button', { name: `${step} leads: ${count(finance.funnel[i]!.count)}. Show the leads behind it` }));
      }
      await funnel.getByRole('row', { name: /^Lost / }).getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: 'Lost leads' });
      await visible(dialog.getByText(finance.lost === 1 ? '1 lead' : `${count(finance.lost)} leads`, { exact: false }).first());
      await page.keyboard.press('Escape');

      for (const name of ['Win rate by source', 'Win rate by lead type', 'Time in each stage', 'Cohorts by created week']) {
        const card = page.getByRole('region', { name });
        await card.getByRole('button', { name: `Show ${name.toLowerCase()} as a table` }).click();
        await visible(card.getByRole('table'));
      }
      const { agents: people } = await api<{ agents: { fullName: string; sold: number }[] }>(page, '/api/analytics/agents?leadType=finance');
      expect(people.length).toBeGreaterThan(0);
      const row = page.getByRole('region', { name: 'Agents', exact: true }).getByRole('row', { name: new RegExp(`^${people[0]!.fullName}`) });
      await visible(row.getByRole('button', { name: `${people[0]!.fullName}: sold leads: ${count(people[0]!.sold)}. Show the leads behind it` }));
      await page.getByLabel('Lead type', { exact: true }).selectOption('All types');
      await page.waitForURL((url) => !url.search.includes('type='));
    });

    it('shows the sales funnel by source, with no invented cost', async () => {
      await page.goto('/analytics');
      await page.getByRole('link', { name: 'Open funnel analytics' }).click();
      await atPath(page, '/funnel-analytics');
      await page.getByLabel('Leads created', { exact: true }).selectOption('All time');
      const figures = page.getByRole('region', { name: 'Totals' });
      await visible(figures.getByText('Not known', { exact: true }));
      await visible(figures.getByText('No spend recorded yet'));
      const card = page.getByRole('region', { name: 'Sales funnel by source' });
      await visible(card.getByRole('img', { name: /^Leads and sold leads by source\./ }));
      await card.getByRole('button', { name: 'Show sales funnel by source as a table' }).click();
      // the demo's advertised leads came in through funnels; the rest through none
      await visible(card.getByRole('row', { name: /^google_ads/ }).first());
      await visible(card.getByRole('row', { name: /^facebook/ }).first());
      const direct = card.getByRole('row', { name: /^No funnel source/ });
      await direct.getByRole('button', { name: /^No funnel source · No campaign: sold/ }).click();
      await visible(page.getByRole('dialog', { name: 'No funnel source · No campaign: sold' }).getByRole('link').first());
    });
  });

  describe('as an agent', () => {
    beforeEach(async () => {
      ({ context, page } = await openPage(browser, { storageState: demo }));
    });

    it("explains the dashboard's stat cards with the rows behind each figure", async () => {
      await page.goto('/');
      const { stats } = await api<{ stats: { activeLeadsCount: number; monthlyRevenue: number } }>(page, '/api/dashboard/stats');
      await page.getByRole('button', { name: 'Explain Active Leads' }).click();
      const dialog = page.getByRole('dialog', { name: 'Behind Active Leads' });
      await visible(dialog.getByText(`${count(stats.activeLeadsCount)} lead`, { exact: false }).first());
      expect(await dialog.getByRole('listitem').count()).toBe(Math.min(stats.activeLeadsCount, 25));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Explain Monthly Revenue' }).click();
      const revenue = page.getByRole('dialog', { name: 'Behind Monthly Revenue' });
      await visible(revenue.getByText(`$${count(Math.round(stats.monthlyRevenue))} in all`, { exact: false }));
    });

    it('sees their own leads on lead analytics', async () => {
      await page.goto('/lead-analytics?range=all');
      await visible(page.getByText('How your leads convert'));
      expect(await page.getByLabel('Team').count()).toBe(0);
    });
  });
});
