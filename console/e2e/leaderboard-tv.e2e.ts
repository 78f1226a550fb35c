import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead } from './support/leads';
import { demoAndManagerSessions, type Session } from './support/sessions';
import { atPath, visible } from './support/ui';

/** The big number on an agent's row: the period's points. */
const pointsOf = async (row: Locator) => Number((await row.getByText(/^[\d,]+$/).last().innerText()).replaceAll(',', ''));

// The floor's big screen is signed in as `manager`; `demo` (Alex Carter) earns points in a
// second, separate browser context.
describe('leaderboard TV view', () => {
  let browser: Browser;
  let sessions: { demo: Session; manager: Session };
  beforeAll(async () => {
    browser = await launchBrowser();
    sessions = await demoAndManagerSessions(browser);
  });
  afterAll(() => browser.close());

  it("opens from the dashboard's leaderboard outside the shell, and asks a signed-out visitor to sign in", async () => {
    const { context, page } = await openPage(browser, { storageState: sessions.manager });
    await page.goto('/');
    await page.getByRole('link', { name: 'TV view' }).click();
    await atPath(page, '/leaderboard/tv');
    await visible(page.getByRole('heading', { level: 1, name: 'Leaderboard' }));
    expect(await page.getByRole('button', { name: /sidebar/ }).count()).toBe(0);
    expect(await page.getByPlaceholder('Search leads, contacts, or calls').count()).toBe(0);
    await page.getByRole('link', { name: 'Exit TV view' }).click();
    await atPath(page, '/');
    await context.close();

    const stranger = await openPage(browser);
    await stranger.page.goto('/leaderboard/tv');
    await atPath(stranger.page, '/auth');
    await stranger.context.close();
  });

  it("shows the demo floor's ranking and teams, and follows a claim made in another browser live", async () => {
    const tv = await openPage(browser, { storageState: sessions.manager });
    const agent = await openPage(browser, { storageState: sessions.demo });
    await tv.page.goto('/leaderboard/tv');
    await visible(tv.page.getByRole('status').getByText('Live'));
    const ranking = tv.page.getByRole('list', { name: 'Agent ranking' });
    const alex = ranking.getByRole('listitem', { name: 'Alex Carter' });
    await visible(alex.getByLabel(/^Rank \d+$/));
    await visible(alex.getByText('Pro Level'));
    await visible(alex.getByText(/^sales?$/));
    expect(await ranking.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    const teams = tv.page.getByRole('list', { name: 'Team standings' });
    // The demo floor's two teams (other journeys on this backend may have added more).
    for (const name of ['Finance & Forex Desk', 'Real Estate Closers']) await visible(teams.getByRole('listitem', { name }));
    const before = await pointsOf(alex);

    // A first claim earns 5 points; the TV hears "leaderboard changed" and refetches.
    const lead = await createLead(agent.page, 'TV');
    await patchLead(agent.page, lead.id, { status: 'claimed' });
    await expect.poll(() => pointsOf(alex), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 5);

    await tv.context.close();
    await agent.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe findings, ${theme}`, async () => {
      const { context, page } = await openPage(browser, { storageState: sessions.manager, colorScheme: theme });
      await page.goto('/leaderboard/tv');
      await visible(page.getByRole('list', { name: 'Agent ranking' }).getByRole('listitem').first());
      await visible(page.getByRole('list', { name: 'Team standings' }).getByRole('listitem').first());
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
