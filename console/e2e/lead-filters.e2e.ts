import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { openBell } from './support/notifications';
import { sessionOf, type Session } from './support/sessions';
import { atPath, gone, visible } from './support/ui';

const FOUND = /^\d[\d,]* leads? found/;

describe('lead pool filters and sort', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const cards = () => page.getByRole('feed', { name: 'Leads' }).getByRole('article');
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Signed in once for the file: the gateway limits sign-ins per address.
    session = await sessionOf(browser, 'demo');
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { storageState: session }));
    await page.goto('/leads');
    await visible(page.getByRole('heading', { level: 1, name: 'Lead Pool' }));
    await visible(page.getByText(FOUND));
  });
  afterEach(() => context.close());

  it('shows the tabs, the type counts and at most 60 mounted cards', async () => {
    for (const tab of ['All', 'Available', 'Claimed', 'Contacted', 'Qualified', 'Sold/Lost']) await visible(page.getByRole('tab', { name: tab }));
    const types = page.getByRole('list', { name: 'Leads by type' });
    for (const type of ['Real Estate', 'Finance', 'Forex']) await visible(types.getByText(type));
    expect(await cards().count()).toBeGreaterThan(0);
    expect(await cards().count()).toBeLessThanOrEqual(60);
  });

  it('lays the two columns out row by row, so reading left to right then down follows the sort', async () => {
    const placed = () => cards().evaluateAll((els) => els.map((el) => {
      const box = el.getBoundingClientRect();
      return { at: Number(el.getAttribute('aria-posinset')), top: box.top, left: box.left };
    }));
    // The 1st and 2nd cards side by side, the 3rd and 4th on the next row... (each beside or below the one before it).
    const rowByRow = (all: { at: number; top: number; left: number }[]) => {
      const byPlace = new Map(all.map((c) => [c.at, c]));
      return all.length > 2 && all.every((c) => {
        const before = byPlace.get(c.at - 1);
        if (!before) return true;
        return c.at % 2 === 0 ? c.top === before.top && c.left > before.left : c.top > before.top && c.left < before.left;
      });
    };
    expect(rowByRow(await placed())).toBe(true);
    // Deeper in the virtualized feed, the same holds.
    await page.evaluate(() => window.scrollTo(0, 6_000));
    await expect.poll(async () => Math.min(...(await placed()).map((c) => c.at))).toBeGreaterThan(10);
    expect(rowByRow(await placed())).toBe(true);
    expect(await cards().count()).toBeLessThanOrEqual(60);
  });

  it('shows a list that failed to load as its error panel alone, read once (no retry) until Retry', async () => {
    let reads = 0;
    await page.route((url) => url.pathname === '/api/leads', (route) => {
      reads++;
      return route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Internal Server Error', status: 500 }) });
    });
    await page.goto('/leads?tab=available');
    const panel = page.getByRole('alert').filter({ hasText: 'Error loading leads' });
    await visible(panel.getByText('There was a problem loading the leads. Please try again.'));
    // The live connection refreshes what it keeps fresh as it opens, before its 'Connected' notice.
    await visible((await openBell(page)).getByRole('listitem', { name: 'Connected' }));
    await page.keyboard.press('Escape');
    expect(reads).toBe(1);
    expect(await page.getByText(/^Loading leads/).count()).toBe(0);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => reads).toBe(2);
    await visible(panel);
  });

  it('keeps the date range in its column, clear of the tags, at 1366 and 1440 px', async () => {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const tags = page.getByRole('group', { name: 'Tags' });
    const dates = page.getByRole('group', { name: 'Date range' });
    const rightEdge = async (l: Locator) => { const b = await l.boundingBox(); return b ? b.x + b.width : Infinity; };
    for (const width of [1366, 1440]) {
      await page.setViewportSize({ width, height: 768 });
      await visible(dates);
      const tagsLeft = (await tags.boundingBox())!.x;
      for (const part of [dates, page.getByLabel('Date field'), page.getByRole('button', { name: 'Start date' }), page.getByRole('button', { name: 'End date' })]) {
        expect(await rightEdge(part)).toBeLessThanOrEqual(tagsLeft);
      }
    }
  });

  it('narrows by tab', async () => {
    await page.getByRole('tab', { name: 'Available' }).click();
    await page.waitForURL(/tab=available/);
    const statuses = () => cards().getByText(/^(Available|Claimed|Contacted|Qualified|Sold|Lost)$/).allTextContents();
    await expect.poll(async () => new Set(await statuses()), { timeout: 10_000 }).toEqual(new Set(['Available']));
    await page.getByRole('tab', { name: 'Available' }).press('ArrowRight');
    await page.waitForURL(/tab=claimed/);
    await expect.poll(async () => new Set(await statuses()), { timeout: 10_000 }).toEqual(new Set(['Claimed']));
  });

  it('searches, shows the empty state, and resets all filters', async () => {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const search = page.getByPlaceholder('Search by name, email, phone, notes...');
    await search.fill('no lead is called this');
    await visible(page.getByText('No leads found'));
    await visible(page.getByText('No leads match your search criteria. Try different filters.'));
    await visible(page.getByText(/leads? found for “no lead is called this”/));
    await visible(page.getByRole('button', { name: 'Remove filter Search: no lead is called this' }));
    await page.getByRole('button', { name: 'Reset All Filters' }).first().click();
    await visible(cards().first());
    expect(await search.inputValue()).toBe('');
  });

  it('filters by type and status with chips, removes one chip and clears all', async () => {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    for (const [select, all] of [['Lead Type', 'All Types'], ['Status', 'All Statuses'], ['Priority', 'All Priorities'], ['Stage', 'All Stages']] as const) {
      expect(await filters.getByLabel(select).locator('option').first().textContent()).toBe(all);
    }
    await filters.getByLabel('Lead Type').selectOption('forex');
    await filters.getByLabel('Status').selectOption('qualified');
    await visible(page.getByRole('button', { name: 'Remove filter Type: Forex' }));
    await visible(page.getByRole('button', { name: 'Remove filter Status: Qualified' }));
    await expect.poll(async () => new Set(await cards().getByText(/^(Real Estate|Finance|Forex)$/).allTextContents()), { timeout: 10_000 }).toEqual(new Set(['Forex']));

    await page.getByRole('button', { name: 'Remove filter Status: Qualified' }).click();
    await gone(page.getByRole('button', { name: 'Remove filter Status: Qualified' }));
    expect(await filters.getByLabel('Status').inputValue()).toBe('all');
    await page.reload();
    await visible(page.getByRole('button', { name: 'Remove filter Type: Forex' }));
    await page.getByRole('button', { name: 'Clear All' }).click();
    await gone(page.getByRole('group', { name: 'Active filters' }));
    await atPath(page, '/leads');
  });

  it('keeps the date pickers disabled until a field is chosen and bounds the end date by the start', async () => {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const start = page.getByRole('button', { name: 'Start date' });
    const end = page.getByRole('button', { name: 'End date' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Date field').selectOption('createdAt');
    await start.click();
    const today = new Date();
    const label = (d: Date) => d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    await page.getByRole('grid', { name: /^Start date/ }).getByRole('button', { name: label(today) }).click();
    const chip = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${String(today.getFullYear()).slice(-2)}`;
    await visible(page.getByRole('button', { name: `Remove filter Created: from ${chip}` }));
    await end.click();
    const grid = page.getByRole('grid', { name: /^End date/ });
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    if (yesterday.getMonth() !== today.getMonth()) await page.getByRole('button', { name: 'Previous month' }).click();
    expect(await grid.getByRole('button', { name: label(yesterday) }).isDisabled()).toBe(true);
    expect(await grid.getByRole('button', { name: label(today) }).isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByLabel('Date field').selectOption('');
    await gone(page.getByRole('button', { name: /^Remove filter Created/ }));
    expect(await start.isDisabled()).toBe(true);
  });

  it('sorts by name through the Sort by menu', async () => {
    await page.getByRole('button', { name: 'Sort: Newest' }).click();
    const menu = page.getByRole('menu', { name: 'Sort by' });
    expect(await menu.getByRole('menuitemradio', { name: /^Newest/ }).getAttribute('aria-checked')).toBe('true');
    await menu.getByRole('menuitemradio', { name: /^Name \(A-Z\)/ }).click();
    await visible(page.getByRole('button', { name: 'Sort: Name (A-Z)' }));
    await page.waitForURL(/sort=name_asc/);
    await expect.poll(async () => {
      const names = (await cards().getByRole('heading').allTextContents()).slice(0, 6);
      return names.length > 1 && names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n, 'en', { sensitivity: 'base' }) <= 0);
    }, { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Sort: Name (A-Z)' }).press('ArrowDown');
    expect(await menu.getByRole('menuitemradio', { name: /^Name \(A-Z\)/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await gone(menu);
  });

  it('switches between list and pipeline views', async () => {
    await page.getByRole('button', { name: 'Pipeline' }).click();
    await visible(page.getByRole('region', { name: 'Negotiation stage' }));
    await page.getByRole('button', { name: 'List' }).click();
    await visible(cards().first());
  });
});
