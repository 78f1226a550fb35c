import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { createLead, patchLead, poolFor } from './support/leads';
import { recordSaleThroughApi, saleRow } from './support/sales';
import { demoAndManagerSessions, type Session } from './support/sessions';
import { gone, toastWith, visible } from './support/ui';

// The demo floor's agent `demo` (Alex Carter) sells; `manager` (Morgan Reyes), who manages
// demo's team, approves, pays and rejects in a second, separate browser context. Each signs
// in once per file; every test opens fresh contexts on those sessions and makes its own leads.
describe('commissions', () => {
  let browser: Browser;
  let sessions: { demo: Session; manager: Session };
  let demo: { context: BrowserContext; page: Page };
  let manager: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    browser = await launchBrowser();
    sessions = await demoAndManagerSessions(browser);
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    demo = await openPage(browser, { storageState: sessions.demo });
    manager = await openPage(browser, { storageState: sessions.manager });
  });
  afterEach(async () => {
    await demo.context.close();
    await manager.context.close();
  });

  it("records a sale from a held lead's card; the manager's approval and payment reach the agent's open page", async () => {
    const lead = await createLead(demo.page, 'Sale');
    await patchLead(demo.page, lead.id, { status: 'claimed' });
    await demo.page.goto(poolFor(lead));
    const card = demo.page.getByRole('article', { name: lead.name });
    await card.getByRole('button', { name: 'Record Sale' }).click();

    const dialog = demo.page.getByRole('dialog', { name: `Record a sale for ${lead.name}` });
    // An agent's rate is the team plan's (demo's team keeps the default 3 % on real estate).
    const rate = dialog.getByLabel('Commission rate (%)');
    expect(await rate.inputValue()).toBe('3');
    expect(await rate.getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await visible(dialog.getByText('Sale amount is required'));
    await dialog.getByLabel('Sale amount (USD)').fill('12,500');
    await visible(dialog.getByText('$375 (3% of $12,500)'));
    await dialog.getByLabel('Notes').fill('Two-bedroom condo, closing next week');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await visible(toastWith(demo.page, 'Sale recorded'));
    await visible(demo.page.getByText(`${lead.name}: $12,500 at 3%, a commission of $375 pending approval.`));
    await gone(dialog);
    // The server marks the lead sold; the open pool hears of it.
    await visible(card.getByText('Sold', { exact: true }));
    await gone(card.getByRole('button', { name: 'Record Sale' }));

    // Within the app, as a person goes: the sale the dialog recorded is already there.
    await demo.page.getByRole('link', { name: 'Commissions', exact: true }).click();
    await visible(demo.page.getByRole('heading', { level: 1, name: 'Commissions' }));
    const mine = saleRow(demo.page, lead.name);
    for (const text of ['$12,500', '3%', "team's plan", '$375', 'Pending', 'Awaiting approval']) await visible(mine.getByText(text, { exact: true }));
    // An agent sees neither the agent column nor the manager's buttons.
    expect(await demo.page.getByRole('columnheader', { name: 'Agent' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: /^Approve/ }).count()).toBe(0);

    await manager.page.goto('/commissions?status=pending');
    const theirs = saleRow(manager.page, lead.name);
    await visible(theirs.getByText('Alex Carter', { exact: true }));
    await theirs.getByRole('button', { name: `Approve commission on ${lead.name}` }).click();
    await visible(toastWith(manager.page, 'Commission approved'));
    await visible(manager.page.getByText(`$375 for Alex Carter on ${lead.name}.`));

    // demo's page, never reloaded, follows.
    await visible(mine.getByText('Approved', { exact: true }));

    await manager.page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Approved' }).click();
    await theirs.getByRole('button', { name: `Mark paid for the commission on ${lead.name}` }).click();
    const confirm = manager.page.getByRole('dialog', { name: 'Mark commission as paid?' });
    await visible(confirm.getByText(/A paid commission is final/));
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await visible(toastWith(manager.page, 'Commission paid'));
    await gone(confirm);

    await visible(mine.getByText('Paid', { exact: true }));
    await visible(mine.getByText(/^Paid [A-Z][a-z]{2} \d{1,2}, \d{4}$/));

    // The trace: where the rate came from and each step since.
    await mine.getByRole('button', { name: `Details of the sale on ${lead.name}` }).click();
    const details = demo.page.getByRole('dialog', { name: `Sale on ${lead.name}` });
    await visible(details.getByText(/The built-in default rate for Real Estate leads/));
    await visible(details.getByText('Sale of $12,500.00 recorded at 3% (plan version 0): commission $375.00'));
    await visible(details.getByText('Commission approved'));
    await visible(details.getByText('Commission paid'));
    await visible(details.getByText(/Morgan Reyes$/).first());
  }, 120_000); // two people, seven steps: longer than one screen's journey

  it('rejects a commission with a reason the agent then sees, and filters by status', async () => {
    const lead = await createLead(demo.page, 'Reject');
    await patchLead(demo.page, lead.id, { status: 'claimed' });
    await recordSaleThroughApi(demo.page, lead.id, 480_000);
    await demo.page.goto('/commissions');
    const mine = saleRow(demo.page, lead.name);
    await visible(mine.getByText('Pending', { exact: true }));

    await manager.page.goto('/commissions');
    const theirs = saleRow(manager.page, lead.name);
    await theirs.getByRole('button', { name: `Reject commission on ${lead.name}` }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Reject commission' });
    await dialog.getByRole('button', { name: 'Reject commission' }).click();
    await visible(dialog.getByText('A reason is required'));
    await dialog.getByLabel('Reason').fill('Client cancelled within the cooling-off period');
    await dialog.getByRole('button', { name: 'Reject commission' }).click();
    await visible(toastWith(manager.page, 'Commission rejected'));
    await gone(dialog);
    await visible(theirs.getByText('Rejected', { exact: true }));

    await visible(mine.getByText('Reason: Client cancelled within the cooling-off period'));
    await gone(mine.getByText('Pending', { exact: true }));

    // Filters live in the address bar.
    await demo.page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Paid' }).click();
    await demo.page.waitForURL((url) => url.searchParams.get('status') === 'paid');
    await gone(mine);
    await demo.page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Rejected' }).click();
    await visible(mine.getByText('Rejected', { exact: true }));
    expect(await demo.page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Rejected' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows totals by status with this month, and the team plan', async () => {
    await manager.page.goto('/commissions');
    const totals = manager.page.getByRole('list', { name: 'Commission totals' });
    for (const status of ['Pending', 'Approved', 'Paid', 'Rejected']) {
      await visible(totals.getByRole('listitem', { name: status }).getByText(/^This month: \$[\d,]+/));
    }
    const plan = manager.page.getByRole('region', { name: 'Commission plan' });
    await visible(plan.getByText('Real Estate', { exact: true }));
    await visible(plan.getByRole('button', { name: 'Edit rates' }));
    expect(await manager.page.getByRole('columnheader', { name: 'Agent' }).count()).toBe(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe findings, ${theme}`, async () => {
      const { context, page } = await openPage(browser, { storageState: sessions.manager, colorScheme: theme });
      await page.goto('/commissions');
      await visible(page.getByRole('list', { name: 'Commission totals' }).getByText(/^This month/).first());
      await visible(page.getByRole('table').getByRole('row').nth(1));
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await context.close();
    });
  }
});
