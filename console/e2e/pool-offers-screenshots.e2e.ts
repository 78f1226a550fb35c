import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { uniqueUsername } from './support/accounts';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the round-robin offer dialog as an agent of a team with
// round-robin offers sees it (a team of its own, working forex leads, so the demo floor's rules
// stay as they are), the pool's Available switch, and the pool report as the Sales Manager sees
// it, in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const TEAM = 'Harbor Rotation';

type Floor = { manager: Session; agent: Session; teamId: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function ok(response: Awaited<ReturnType<Page['request']['post']>>): Promise<any> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The team with round-robin offers (an hour to answer, so the dialog waits for the camera) and its agent. */
async function stage(browser: Browser): Promise<Floor> {
  const headers = { Origin: inject('baseURL') };
  const m = await openPage(browser);
  await signInThroughApi(m.page, 'manager');
  const a = await openPage(browser);
  const username = uniqueUsername('nina');
  const registered = await ok(await a.page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass-1', fullName: 'Nina Brooks' }, headers,
  }));
  const agentId = registered.user.id as number;
  const teamId = (await ok(await m.page.request.post('/api/teams', { headers, data: { name: TEAM, leadType: 'forex' } }))).team.id as number;
  await ok(await m.page.request.put(`/api/teams/${teamId}/members/${agentId}`, { headers, data: {} }));
  // The rules' command checks the team in the read models: wait until they have it and its member.
  for (let tries = 0; ; tries++) {
    const view = await ok(await m.page.request.get('/api/pool-policy')) as { teams: { teamId: number }[] };
    if (view.teams.some((t) => t.teamId === teamId)) break;
    if (tries > 150) throw new Error('the team never reached the read models');
    await new Promise((r) => setTimeout(r, 100));
  }
  await ok(await m.page.request.put('/api/pool-policy', {
    headers, data: { teamId, maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 0, distribution: 'round_robin', weights: [], dripPerHour: null, offerTimeoutMinutes: 60 },
  }));
  const floor = { manager: await m.context.storageState(), agent: await a.context.storageState(), teamId };
  await Promise.all([m, a].map((p) => p.context.close()));
  return floor;
}

describe('round-robin offers screenshots', () => {
  let browser: Browser;
  let floor: Floor;
  let offered = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    floor = await stage(browser);
  });
  afterAll(async () => {
    if (floor) {
      const { context, page } = await openPage(browser, { storageState: floor.manager });
      await page.request.delete(`/api/pool-policy/teams/${floor.teamId}`, { headers: { Origin: inject('baseURL') } });
      await context.close();
    }
    await browser.close();
  });

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;

      it(`captures the offer dialog over the pool, ${device}, ${theme}`, async () => {
        const agent = await openPage(browser, { ...options, storageState: floor.agent });
        // The shot before closed its page: its socket's presence goes first, so this page's is the one counted.
        for (let tries = 0; (await ok(await agent.page.request.get('/api/me/availability'))).present; tries++) {
          if (tries > 300) throw new Error('the previous page never went offline');
          await new Promise((r) => setTimeout(r, 100));
        }
        await agent.page.goto('/leads');
        await visible(agent.page.getByRole('switch', { name: 'Available' }));
        // Offers go to agents with a console connected: wait until this one counts as present.
        for (let tries = 0; !(await ok(await agent.page.request.get('/api/me/availability'))).receivesOffers; tries++) {
          if (tries > 150) throw new Error('the agent never counted as present');
          await new Promise((r) => setTimeout(r, 100));
        }
        const manager = await openPage(browser, { storageState: floor.manager });
        const name = ['Priya Nair', 'Owen Fletcher', 'Grace Okafor', 'Mateo Alvarez'][offered++]!;
        const lead = await ok(await manager.page.request.post('/api/leads', {
          headers: { Origin: inject('baseURL') },
          data: { name, email: 'offer@example.com', phone: '555-0142', city: 'Portland', state: 'ME', leadType: 'forex', source: 'referral' },
        }));
        const dialog = agent.page.getByRole('dialog', { name: 'New lead offered to you' });
        await visible(dialog.getByText(name));
        await agent.page.screenshot({ path: `${outDir}pool-offer-dialog-${device}-${theme}.png` });
        // Passed, so the next shot's offer is the only one waiting.
        await ok(await agent.page.request.post(`/api/leads/${lead.lead.id as number}/offer/pass`, { headers: { Origin: inject('baseURL') }, data: {} }));
        await Promise.all([agent.context.close(), manager.context.close()]);
      });

      it(`captures the pool report, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: floor.manager });
        await page.goto('/leads/report');
        await visible(page.getByRole('heading', { name: 'Claims per agent' }));
        await page.screenshot({ path: `${outDir}pool-report-${device}-${theme}.png`, fullPage: true });
        await page.getByRole('group', { name: 'Conversion by distribution: show as' }).getByRole('button', { name: 'Table' }).click();
        await visible(page.getByRole('columnheader', { name: 'Conversion' }));
        await page.getByRole('table').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${outDir}pool-report-table-${device}-${theme}.png`, fullPage: true });
        await context.close();
      });
    }
  }
});
