import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { demoAndManagerSessions, type Session } from './support/sessions';
import { atPath, toastWith, visible } from './support/ui';

/** Waits until the builder has stored every change (the autosave's own status line). */
const allSaved = (page: Page) => visible(page.getByRole('status').filter({ hasText: 'All changes saved' }));

// The funnel walk: `demo` builds and publishes a two-step funnel in the builder; a signed-out
// visitor opens it from an ad link and sends its form; the lead lands in the pool with the
// ad's source, and `manager`, watching the pool in a second browser, sees it arrive.
describe('lead funnels', () => {
  let browser: Browser;
  let sessions: { demo: Session; manager: Session };
  beforeAll(async () => {
    browser = await launchBrowser();
    sessions = await demoAndManagerSessions(browser);
  });
  afterAll(() => browser.close());

  it('builds a two-step funnel, publishes it, and a visitor\'s form puts a lead in the pool, live in another browser', async () => {
    const tag = randomBytes(3).toString('hex');
    const funnelName = `E2E Funnel ${tag}`;
    const slug = `e2e-${tag}`;
    const heading = `Your home's value in a day ${tag}`;
    const visitor = `Visitor ${tag}`;

    const builder = await openPage(browser, { storageState: sessions.demo });
    const { page } = builder;
    await page.goto('/funnels');
    await page.getByRole('button', { name: 'New funnel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New funnel' });
    await dialog.getByLabel('Name').fill(funnelName);
    await dialog.getByLabel('Address').fill(slug);
    await dialog.getByRole('button', { name: 'Create funnel' }).click();
    await visible(page.getByRole('heading', { level: 1, name: funnelName }));

    // The first step starts as an opt-in page with a form; its heading is edited in Puck.
    await page.getByRole('button', { name: 'Add step' }).click();
    let add = page.getByRole('form', { name: 'Add step' });
    await add.getByLabel('Step name').fill('Opt-in');
    await add.getByLabel('Path').fill('opt-in');
    await add.getByRole('button', { name: 'Add step' }).click();
    const steps = page.getByRole('list', { name: 'Steps' });
    await visible(steps.getByText('1. Opt-in'));
    await allSaved(page);
    const preview = page.frameLocator('#preview-frame');
    await preview.getByRole('heading', { name: 'A headline that names the result' }).click();
    await page.getByLabel('Heading', { exact: true }).filter({ visible: true }).fill(heading);
    await visible(preview.getByRole('heading', { name: heading }));
    await allSaved(page);

    await page.getByRole('button', { name: 'Add step' }).click();
    add = page.getByRole('form', { name: 'Add step' });
    await add.getByLabel('Step name').fill('Thank you');
    await add.getByLabel('Path').fill('thank-you');
    await add.getByRole('button', { name: 'Add step' }).click();
    await visible(steps.getByText('2. Thank you'));
    await visible(preview.getByRole('heading', { name: 'Thank you!' }));
    await allSaved(page);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(toastWith(page, 'Published'));
    await visible(page.getByText('Live', { exact: true }));

    // The manager watches the pool for the visitor's lead in another browser.
    const watcher = await openPage(browser, { storageState: sessions.manager });
    await watcher.page.goto(`/leads?search=${encodeURIComponent(visitor)}`);
    await visible(watcher.page.getByRole('heading', { name: 'No leads found' }));

    // A signed-out visitor from an ad: the published page, no script on it.
    const visit = await openPage(browser);
    const response = await visit.page.goto(`/p/${slug}?utm_source=Facebook&gclid=x`);
    expect(response?.status()).toBe(200);
    await visible(visit.page.getByRole('heading', { level: 1, name: heading }));
    expect(await visit.page.locator('script').count()).toBe(0);
    const openedAt = Date.now();
    await visit.page.getByLabel('Name').fill(visitor);
    await visit.page.getByLabel('Email').fill(`visitor.${tag}@example.com`);
    // A person takes a few seconds over a form: the server drops a post made within 2 s of the page.
    await expect.poll(() => Date.now() - openedAt, { timeout: 10_000 }).toBeGreaterThan(2_500);
    await visit.page.getByRole('button', { name: 'Send' }).click();
    await atPath(visit.page, `/p/${slug}/thank-you`);
    await visible(visit.page.getByRole('heading', { name: 'Thank you!' }));

    // Live in the watcher's pool, with the ad's source on the card.
    const card = watcher.page.getByRole('article', { name: visitor });
    await visible(card);
    await card.getByRole('button', { name: 'Show More' }).click();
    await visible(card.getByText('Funnel Source'));
    await visible(card.getByText(/^facebook$/i));

    // The funnel's list counts the lead.
    await page.goto('/funnels');
    const row = page.getByRole('row', { name: new RegExp(funnelName) });
    await visible(row.getByText('Live'));
    await expect.poll(async () => (await row.getByRole('cell').nth(2).textContent())?.trim(), { timeout: 15_000 }).toBe('1');

    await Promise.all([builder.context.close(), watcher.context.close(), visit.context.close()]);
  }, 180_000);
});
