import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { gone, toastWith, visible } from './support/ui';

// Round-robin offers in two browsers: the Sales Manager gives a team of their own (working
// forex leads, which no demo team works and no other journey makes) round-robin offers in
// /settings; its agent, on the pool, is offered each new forex lead in a dialog with a
// countdown, passes one (it moves on: nobody else is there, so it stays open to everyone) and
// accepts the next, which is then theirs. The floor's own rules are not touched.

const sameOrigin = () => ({ Origin: inject('baseURL') });

describe('round-robin offers', () => {
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

  it('lets a manager switch a team to round-robin, and offers its agent new leads to accept or pass', async () => {
    const manager = await open();
    await signInThroughApi(manager, 'manager');
    const agent = await open();
    await registerThroughApi(agent);
    const agentId = ((await (await agent.request.get('/api/auth/current-user')).json()) as { user: { id: number } }).user.id;
    const teamName = `Offer Team ${randomBytes(3).toString('hex')}`;
    const team = await manager.request.post('/api/teams', { headers: sameOrigin(), data: { name: teamName, leadType: 'forex' } });
    expect(team.status()).toBe(201);
    const teamId = ((await team.json()) as { team: { id: number } }).team.id;
    expect((await manager.request.put(`/api/teams/${teamId}/members/${agentId}`, { headers: sameOrigin(), data: {} })).status()).toBe(200);

    try {
      // The manager's screen: the team's distribution and how long an offer waits.
      await manager.goto('/settings');
      const card = manager.getByRole('region', { name: 'Lead pool rules' });
      await visible(card.getByRole('form', { name: 'The floor’s pool rules' }));
      await card.getByLabel('Rules for').selectOption(String(teamId));
      const form = card.getByRole('form', { name: 'The team’s pool rules' });
      await visible(form);
      await form.getByLabel('Distribution').selectOption('round_robin');
      await form.getByLabel('Offer answer time (minutes)').fill('0');
      await form.getByRole('button', { name: 'Save rules' }).click();
      await visible(form.getByText('At least 0.05 minutes (3 seconds)'));
      await form.getByLabel('Offer answer time (minutes)').fill('10');
      await form.getByRole('button', { name: 'Save rules' }).click();
      await visible(toastWith(manager, 'Pool rules saved'));

      // The agent on the pool: available, connected, so offers reach them.
      await agent.goto('/leads');
      const availability = agent.getByRole('switch', { name: 'Available' });
      await visible(availability);
      await expect.poll(async () => ((await (await agent.request.get('/api/me/availability')).json()) as { receivesOffers: boolean }).receivesOffers,
        { timeout: 15_000 }).toBe(true);

      const offer = async (name: string) => {
        const response = await manager.request.post('/api/leads', {
          headers: sameOrigin(), data: { name, email: 'offer@example.com', phone: '555-0190', city: 'Reno', state: 'NV', leadType: 'forex' },
        });
        expect(response.status()).toBe(201);
        return ((await response.json()) as { lead: { id: number } }).lead.id;
      };

      // The first offer: passed, so it moves on (to nobody else here: it stays open to everyone).
      const passedName = `E2E Passed ${randomBytes(3).toString('hex')}`;
      const passedId = await offer(passedName);
      const dialog = agent.getByRole('dialog', { name: 'New lead offered to you' });
      await visible(dialog.getByText(passedName));
      await visible(dialog.getByRole('timer'));
      await expect.poll(async () => dialog.getByRole('timer').textContent(), { timeout: 5_000 }).toMatch(/^(10:00|9:5\d)$/);
      await dialog.getByRole('button', { name: 'Pass' }).click();
      await visible(toastWith(agent, 'Offer passed'));
      await gone(dialog);
      await expect.poll(async () => ((await (await agent.request.get(`/api/leads/${passedId}`)).json()) as { lead: { offer: unknown; status: string } }).lead,
        { timeout: 15_000 }).toMatchObject({ offer: null, status: 'available' });

      // The second: accepted, and it is theirs.
      const acceptedName = `E2E Accepted ${randomBytes(3).toString('hex')}`;
      const acceptedId = await offer(acceptedName);
      await visible(dialog.getByText(acceptedName));
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await visible(toastWith(agent, 'Lead claimed'));
      await gone(dialog);
      await agent.goto(`/leads?search=${encodeURIComponent(acceptedName)}`);
      await visible(agent.getByRole('article', { name: acceptedName }).getByText('Claimed', { exact: true }).first());
      const lead = ((await (await agent.request.get(`/api/leads/${acceptedId}`)).json()) as { lead: { claimedBy: number } }).lead;
      expect(lead.claimedBy).toBe(agentId);

      // Away: no more offers.
      await availability.click();
      await visible(agent.getByRole('switch', { name: 'Away' }));
      await expect.poll(async () => ((await (await agent.request.get('/api/me/availability')).json()) as { status: string }).status).toBe('away');
    } finally {
      await manager.request.delete(`/api/pool-policy/teams/${teamId}`, { headers: sameOrigin() });
    }
  });
});
