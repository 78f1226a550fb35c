import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { managerSession } from './support/calls';
import type { Session } from './support/sessions';
import { atPath, toastWith, visible } from './support/ui';
import { callInsights, formatChange, weekOverWeek } from '../src/features/calls/call-insights';
import type { CallTrends } from '../src/features/calls/call-trends';

type Trend = { calls: number; connectedCalls: number; averageSentimentScore: number | null; averageScriptAdherence: number | null };
type Trends = { weeks: (Trend & { weekStart: string })[]; agents: (Trend & { fullName: string })[] };

const count = (n: number) => n.toLocaleString('en-US');

describe('call analytics (the Sales Manager on the demo floor)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    session = await managerSession(browser);
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { storageState: session }));
  });
  afterEach(() => context.close());

  it("is reached from the dashboard's Call Analytics card and shows the floor's figures", async () => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Call Analytics' }).getByRole('link', { name: 'Open call analytics' }).click();
    await atPath(page, '/call-analytics');
    await visible(page.getByRole('heading', { level: 1, name: 'Call Analytics' }));

    const trends = (await (await page.request.get('/api/call-analytics?weeks=8')).json()) as Trends;
    const calls = trends.weeks.reduce((n, w) => n + w.calls, 0);
    expect(calls).toBeGreaterThan(0);
    const glance = page.getByRole('region', { name: 'The last 8 weeks at a glance' });
    await visible(glance.getByText(count(calls), { exact: true }));
    for (const name of ['Calls by week.', 'Connected rate by week.', 'Avg. sentiment by week.', 'Avg. script adherence by week.']) {
      await visible(page.getByRole('img', { name: new RegExp(`^${name.replace('.', '\\.')}`) }));
    }

    const latest = trends.weeks.at(-1)!;
    const weekRow = page.getByRole('region', { name: 'Week by week' }).getByRole('row').nth(1);
    await visible(weekRow.getByRole('cell').first().getByText(String(latest.calls), { exact: true }));

    // Agents compared: every agent of both teams who called, with the server's figures.
    const agents = page.getByRole('region', { name: 'Agents compared' });
    expect(trends.agents.map((a) => a.fullName)).toContain('Alex Carter');
    for (const a of trends.agents) {
      const row = agents.getByRole('table').getByRole('row', { name: new RegExp(`^${a.fullName} `) });
      await visible(row.getByRole('cell').first().getByText(String(a.calls), { exact: true }));
      if (a.averageSentimentScore !== null) await visible(row.getByText(a.averageSentimentScore.toFixed(1), { exact: true }));
    }
    await agents.getByRole('button', { name: 'Avg. sentiment' }).click();
    await visible(agents.getByRole('list', { name: 'Agents by avg. sentiment' }));

    await page.getByLabel('Period').selectOption('Last 4 weeks');
    await page.waitForURL(/weeks=4/);
    await visible(page.getByRole('region', { name: 'The last 4 weeks at a glance' }));
  });

  it("shows the dashboard's week-over-week change, insights and weekly chart from the analysed calls", async () => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Call Analytics' });
    await visible(card.getByRole('img', { name: /^Weekly performance: avg\. sentiment by week\./ }));
    const trends = (await (await page.request.get('/api/call-analytics?weeks=6')).json()) as CallTrends;
    const moved = weekOverWeek(trends.weeks);
    if (moved.sentiment === null) await visible(card.getByText('No week-over-week change yet').first());
    else await visible(card.getByText(`${formatChange(moved.sentiment)} vs last week`, { exact: true }));
    if (moved.adherence !== null) await visible(card.getByText(`${formatChange(moved.adherence, '%')} vs last week`, { exact: true }));
    const insights = card.getByRole('region', { name: 'AI insights' }).getByRole('listitem');
    const expected = callInsights(trends).map((i) => i.text);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => insights.allTextContents()).toEqual(expected);
  });

  it("edits a team's call script, checking each checkpoint", async () => {
    await page.goto('/call-analytics');
    const script = page.getByRole('region', { name: 'Call script' });
    await script.getByLabel('Team').selectOption('Finance & Forex Desk');
    await visible(script.getByText('The built-in default script: this team has not written its own yet.'));
    await script.getByRole('button', { name: 'Edit script' }).click();
    const form = script.getByRole('form', { name: 'Edit call script' });
    const before = await form.getByRole('listitem').count();
    await form.getByRole('button', { name: 'Add checkpoint' }).click();
    await form.getByRole('button', { name: 'Add checkpoint' }).click();
    await form.getByLabel(`Checkpoint ${before + 1}`, { exact: true }).fill('Confirm the budget');
    await form.getByLabel('Phrases').nth(before).fill('your budget\nprice range');
    await form.getByRole('button', { name: 'Save script' }).click();
    await visible(form.getByText('Name the checkpoint'));
    await visible(form.getByText('Add at least one phrase the agent would say'));
    await form.getByRole('button', { name: `Remove checkpoint ${before + 2}` }).click();
    await form.getByRole('button', { name: 'Save script' }).click();

    await visible(toastWith(page, 'Call script saved'));
    await visible(page.getByText("Finance & Forex Desk's calls are being re-analysed against it."));
    await visible(script.getByText(/^Version 1, saved /));
    await visible(script.getByText('Confirm the budget'));
    await visible(script.getByRole('list', { name: 'Phrases for Confirm the budget' }).getByText('“price range”'));
  });
});
