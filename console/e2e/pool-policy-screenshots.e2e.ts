import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { uniqueUsername } from './support/accounts';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: the lead pool rules in /settings (as the Sales Manager, on a
// team of its own so the demo floor's rules stay as they are), a held lead's card with its
// countdown and the agent's count against the cap (at it), and a lead page's claim attempts, in
// docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const TEAM = 'Harbor Closers';
const LEADS = ['Priya Nair', 'Owen Fletcher', 'Grace Okafor', 'Mateo Alvarez'];

type Floor = { manager: Session; agent: Session; held: number; contested: number; teamId: number };

/** A new agent with a name of their own, signed in in a context of their own. */
async function agentNamed(browser: Browser, fullName: string) {
  const { context, page } = await openPage(browser);
  const username = uniqueUsername(fullName.split(' ')[0]!.toLowerCase());
  const response = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass-1', fullName }, headers: { Origin: inject('baseURL') },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { context, page };
}

/** Shoots one element from the whole page's picture: a sticky top bar never lies over it. */
async function shootElement(page: Page, locator: Locator, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  if (!box) throw new Error(`nothing to shoot for ${path}`);
  await page.screenshot({ path, fullPage: true, clip: box });
}

/** The team, its agent, the team's rules (set through the API), three held leads and a contested one. */
async function stage(browser: Browser): Promise<Floor> {
  const headers = { Origin: inject('baseURL') };
  const m = await openPage(browser);
  await signInThroughApi(m.page, 'manager');
  const a = await agentNamed(browser, 'Nina Brooks');
  const rivals = [await agentNamed(browser, 'Leo Park'), await agentNamed(browser, 'Ava Chen')];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  const ok = async (response: Awaited<ReturnType<Page['request']['post']>>): Promise<any> => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const agentId = (await ok(await a.page.request.get('/api/auth/current-user'))).user.id as number;
  const teamId = (await ok(await m.page.request.post('/api/teams', { headers, data: { name: TEAM, leadType: 'real_estate' } }))).team.id as number;
  await ok(await m.page.request.put(`/api/teams/${teamId}/members/${agentId}`, { headers, data: {} }));
  await ok(await m.page.request.put('/api/pool-policy', {
    headers, data: { teamId, maxActiveClaims: 3, autoReleaseHours: 48, warnBeforeReleaseMinutes: 60, distribution: 'first_come', weights: [], dripPerHour: null },
  }));
  const ids: number[] = [];
  for (const name of LEADS) {
    const body = { name, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, phone: '555-0142', city: 'Portland', state: 'ME', leadType: 'real_estate', source: 'referral' };
    ids.push((await ok(await m.page.request.post('/api/leads', { headers, data: body }))).lead.id as number);
  }
  // The agent holds three, as many as the team allows: their try at the fourth is over the cap,
  // then the two rivals race for it.
  for (const id of ids.slice(0, 3)) await ok(await a.page.request.post(`/api/leads/${id}/claim`, { headers, data: {} }));
  await a.page.request.post(`/api/leads/${ids[3]}/claim`, { headers, data: {} });
  await Promise.all(rivals.map((r) => r.page.request.post(`/api/leads/${ids[3]}/claim`, { headers, data: {} })));
  const floor = { manager: await m.context.storageState(), agent: await a.context.storageState(), held: ids[0]!, contested: ids[3]!, teamId };
  await Promise.all([m, a, ...rivals].map((p) => p.context.close()));
  return floor;
}

describe('lead pool rules screenshots', () => {
  let browser: Browser;
  let floor: Floor;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    floor = await stage(browser);
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;

      it(`captures the pool rules in /settings, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: floor.manager });
        await page.goto('/settings');
        const card = page.getByRole('region', { name: 'Lead pool rules' });
        await card.getByLabel('Rules for').selectOption(String(floor.teamId));
        await visible(card.getByText(`${TEAM}’ own rules`, { exact: false }));
        await shootElement(page, card, `${outDir}pool-policy-${device}-${theme}.png`);
        await context.close();
      });

      it(`captures a held lead's card with its countdown and the cap, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: floor.agent });
        await page.goto('/leads?tab=claimed&showMyLeadsOnly=true');
        const card = page.getByRole('article', { name: LEADS[0] });
        await visible(card.getByText('3 of 3 claims'));
        await visible(card.getByText(/^Auto-release in /));
        await page.screenshot({ path: `${outDir}pool-held-card-${device}-${theme}.png` });
        await context.close();
      });

      it(`captures a held lead's page with its auto-release, as the manager sees it, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: floor.manager });
        await page.goto(`/leads/${floor.held}`);
        const section = page.getByRole('region', { name: 'Auto-release' });
        await visible(section.getByRole('switch', { name: 'Exempt from auto-release' }));
        await visible(section.getByText(/^Auto-release in /));
        await page.screenshot({ path: `${outDir}lead-auto-release-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });

      it(`captures a lead's claim attempts, ${device}, ${theme}`, async () => {
        const { context, page } = await openPage(browser, { ...options, storageState: floor.manager });
        await page.goto(`/leads/${floor.contested}`);
        const attempts = page.getByRole('region', { name: 'Claim attempts' });
        await visible(attempts.getByText('Lost').first());
        await shootElement(page, attempts, `${outDir}lead-claim-attempts-${device}-${theme}.png`);
        await context.close();
      });
    }
  }
});
