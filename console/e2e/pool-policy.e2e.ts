import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead, poolFor } from './support/leads';
import { signInThroughApi } from './support/notifications';
import { toastWith, visible } from './support/ui';

// The floor's pool rules: the Sales Manager (`manager`) gives a team of their own a cap of two
// active leads and a day's auto-release in /settings; an agent of that team holds two leads, is
// refused a third with the cap and the count, sees "2 of 2 claims" and the countdown on the
// cards of the leads they hold, and the refused attempt is on the lead page's claim attempts.
// The rules are a team's own, so the other journeys (on the floor's rules) are not touched.

const sameOrigin = () => ({ Origin: inject('baseURL') });

describe('the lead pool rules', () => {
  let browser: Browser;
  let opened: BrowserContext[] = [];
  const open = async (): Promise<Page> => {
    const { context, page } = await openPage(browser);
    opened.push(context);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
    opened = [];
  });

  it('lets a manager cap a team, and shows its agent the cap, the refusal and the countdown', async () => {
    const manager = await open();
    await signInThroughApi(manager, 'manager');
    const agent = await open();
    await registerThroughApi(agent);
    const agentId = ((await (await agent.request.get('/api/auth/current-user')).json()) as { user: { id: number } }).user.id;
    const teamName = `Cap Team ${randomBytes(3).toString('hex')}`;
    const team = await manager.request.post('/api/teams', { headers: sameOrigin(), data: { name: teamName } });
    expect(team.status()).toBe(201);
    const teamId = ((await team.json()) as { team: { id: number } }).team.id;
    expect((await manager.request.put(`/api/teams/${teamId}/members/${agentId}`, { headers: sameOrigin(), data: {} })).status()).toBe(200);

    // The manager's screen: the team's own rules, checked as they are typed.
    await manager.goto('/settings');
    const card = manager.getByRole('region', { name: 'Lead pool rules' });
    await visible(card.getByRole('form', { name: 'The floor’s pool rules' }));
    await card.getByLabel('Rules for').selectOption(String(teamId));
    const form = card.getByRole('form', { name: 'The team’s pool rules' });
    await visible(form);
    await visible(card.getByText(`${teamName} follows the floor’s rules; saving gives it rules of its own`));
    await form.getByLabel('Most active leads per agent').fill('2');
    await form.getByLabel('Auto-release after (hours)').fill('24');
    await form.getByLabel('Warn the holder before (minutes)').fill('2000');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await visible(form.getByText('At most 1,440 minutes (a day)'));
    await form.getByLabel('Warn the holder before (minutes)').fill('60');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await visible(toastWith(manager, 'Pool rules saved'));
    await visible(card.getByText(`${teamName}’s own rules`, { exact: false }));

    // The agent holds two leads; the floor refuses a third.
    await expect.poll(async () => ((await (await agent.request.get('/api/pool-policy')).json()) as { effective: { maxActiveClaims: number | null } })
      .effective.maxActiveClaims, { timeout: 15_000 }).toBe(2);
    const [first, second, third] = [await createLead(agent, 'Capped A'), await createLead(agent, 'Capped B'), await createLead(agent, 'Capped C')];
    for (const lead of [first, second]) await patchLead(agent, lead.id, { status: 'claimed' });
    await agent.goto(poolFor(third));
    const thirdCard = agent.getByRole('article', { name: third.name });
    await thirdCard.getByRole('button', { name: 'Claim Lead' }).click();
    await visible(toastWith(agent, 'Claim limit reached (2 of 2)'));
    await visible(agent.getByText("You already hold 2 active leads and the floor's limit is 2. Close or release one to claim another."));

    // A held card: the count against the cap, and the time left before auto-release.
    await agent.goto(poolFor(first));
    const held = agent.getByRole('article', { name: first.name });
    await visible(held.getByText('2 of 2 claims'));
    await visible(held.getByText(/^Auto-release in (1 d|23 h 5\d min)$/));

    // The agent reads the rules that apply to them.
    await agent.goto('/settings');
    const summary = agent.getByRole('region', { name: 'Lead pool rules' });
    await visible(summary.getByText('2 of 2: up to 2 active leads per agent'));
    await visible(summary.getByText('After 24 hours without contact, with a warning 60 minutes before'));
    await visible(summary.getByText(`${teamName}’s own rules`, { exact: false }));

    // The refused claim is evidence on the lead's page, for the manager.
    await manager.goto(`/leads/${third.id}`);
    const attempts = manager.getByRole('region', { name: 'Claim attempts' });
    const row = attempts.getByRole('listitem').filter({ hasText: 'Test Agent' });
    await visible(row.getByText('Over the cap'));
    expect(await attempts.getByRole('listitem').count()).toBe(1);

    // And the manager exempts a held lead: its countdown gives way to the exemption.
    await manager.goto(`/leads/${first.id}`);
    await manager.getByRole('switch', { name: 'Exempt from auto-release' }).click();
    await visible(toastWith(manager, 'Lead exempted'));
    await visible(manager.getByRole('region', { name: 'Auto-release' }).getByText('Exempt from auto-release', { exact: true }));
    await agent.goto(poolFor(first));
    await visible(agent.getByRole('article', { name: first.name }).getByText('Exempt from auto-release'));
    expect(await agent.getByRole('article', { name: first.name }).getByText(/^Auto-release in/).count()).toBe(0);
  });
});
