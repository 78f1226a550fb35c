import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { createLead, patchLead, poolFor, type SeededLead } from './support/leads';
import { demoAndManagerSessions, sessionOf, type Session } from './support/sessions';
import { gone, visible } from './support/ui';

/** The instant after everything so far, with whatever comes next dated later. */
async function mark(): Promise<string> {
  const at = new Date().toISOString();
  await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(at));
  return at;
}

const asOfIn = (page: Page) => new URL(page.url()).searchParams.get('asOf');

describe('time travel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  let lead: SeededLead;
  let before: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await sessionOf(browser, 'new agent');
  });
  // A lead made, then (after the instant `before`) claimed and moved to Discovery; made once, by
  // the first test that needs it (expect.poll waits only inside a test).
  let prepared: Promise<void> | null = null;
  const prepare = () => (prepared ??= (async () => {
    const { context: setup, page: p } = await openPage(browser, { storageState: session });
    lead = await createLead(p, 'Scrubbed');
    before = await mark();
    await patchLead(p, lead.id, { status: 'claimed' });
    await patchLead(p, lead.id, { stage: 'discovery' });
    // The lead versions read model follows the log like every read model: wait until it has the move.
    await expect.poll(async () => {
      const r = await p.request.get(`/api/leads?asOf=${encodeURIComponent(new Date().toISOString())}&search=${encodeURIComponent(lead.name)}`);
      return r.ok() ? ((await r.json()) as { leads: { stage: string }[] }).leads[0]?.stage : null;
    }, { timeout: 15_000 }).toBe('discovery');
    await setup.close();
  })());
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { storageState: session }));
  });
  afterEach(() => context.close());

  const card = (p: Page) => p.getByRole('feed', { name: 'Leads' }).getByRole('article', { name: lead.name });

  it('scrubs the pool back to an earlier state, offers no writes there, and comes back to live', async () => {
    await prepare();
    await page.goto(poolFor(lead));
    await visible(card(page).getByText('Held by'));

    // The scrubber: one hour back is before this lead existed.
    await page.getByRole('button', { name: 'Time travel', exact: true }).click();
    await visible(page.getByRole('slider', { name: 'Time travel' }));
    await page.getByRole('button', { name: '1 hour back' }).click();
    await visible(page.getByRole('region', { name: 'Time travel' }).getByText(/^Viewing the floor as of/));
    await visible(page.getByRole('heading', { name: 'No leads found' }));
    expect(asOfIn(page)).not.toBeNull();

    // A shared link to the instant between the lead's making and its claim shows it available,
    // with its Claim button and Add Lead disabled, saying why.
    await page.goto(poolFor(lead, `&asOf=${encodeURIComponent(before)}`));
    await visible(page.getByText(/^Viewing the floor as of/));
    const claim = card(page).getByRole('button', { name: 'Claim Lead' });
    await visible(claim);
    expect(await claim.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Lead' }).isDisabled()).toBe(true);
    expect(await card(page).getByText('Held by').count()).toBe(0);
    await visible(page.getByText('You are viewing the past: claims, moves and edits are off until you go back to live.'));
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The pipeline at that instant: the lead in New, with no handle to move it.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Pipeline' }).click();
    const newStage = page.getByRole('region', { name: 'New stage' });
    await visible(newStage.getByRole('link', { name: lead.name }));
    expect(await page.getByRole('button', { name: `Move ${lead.name}` }).count()).toBe(0);
    expect(asOfIn(page)).toBe(before);

    // Back to live: the lead is claimed and in Discovery again, and can be worked.
    await page.getByRole('region', { name: 'Time travel' }).getByRole('button', { name: 'Back to live' }).click();
    await gone(page.getByText(/^Viewing the floor as of/));
    expect(asOfIn(page)).toBeNull();
    await visible(page.getByRole('region', { name: 'Discovery stage' }).getByRole('button', { name: `Move ${lead.name}` }));
  });

  it('fits a 390 px screen, banner and scrubber included', async () => {
    await prepare();
    const { context: phone, page: small } = await openPage(browser, { storageState: session, viewport: MOBILE, isMobile: true });
    try {
      await small.goto(poolFor(lead, `&asOf=${encodeURIComponent(before)}`));
      await visible(small.getByRole('slider', { name: 'Time travel' }));
      await visible(card(small));
      expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('shows the TV leaderboard as it stood, marked as the past, and goes back to live', async () => {
    const { manager } = await demoAndManagerSessions(browser);
    const { context: tv, page: screen } = await openPage(browser, { storageState: manager });
    try {
      await screen.goto('/leaderboard/tv');
      await screen.getByRole('button', { name: 'Time travel', exact: true }).click();
      await screen.getByRole('button', { name: '1 day back' }).click();
      await visible(screen.getByText(/^Viewing the floor as of/));
      await visible(screen.getByText('Past', { exact: true }));
      expect(asOfIn(screen)).not.toBeNull();
      // The period switch keeps the instant.
      await screen.getByRole('link', { name: 'All time' }).click();
      await expect.poll(() => new URL(screen.url()).searchParams.get('period')).toBe('all');
      expect(asOfIn(screen)).not.toBeNull();
      await screen.getByRole('region', { name: 'Time travel' }).getByRole('button', { name: 'Back to live' }).click();
      await gone(screen.getByText(/^Viewing the floor as of/));
      expect(asOfIn(screen)).toBeNull();
    } finally {
      await tv.close();
    }
  });
});
