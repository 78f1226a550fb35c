import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { gone, toastWith, visible } from './support/ui';

// The demo floor's first team, Real Estate Closers: `demo` (Alex Carter) an agent, `lead`
// (Taylor Brooks) its team lead, `sam` (Sam Patel) an agent; the seed gave Alex a task due in
// a few hours and an overdue one, each on a lead Alex works.
describe("/team's Tasks tab", () => {
  let browser: Browser;
  const sessions: Record<'demo' | 'lead' | 'manager', Session> = {} as never;
  let opened: BrowserContext[] = [];
  const open = async (session: Session, options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, { storageState: session, ...options });
    opened.push(context);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const who of ['demo', 'lead', 'manager'] as const) {
      const { context, page } = await openPage(browser);
      await signInThroughApi(page, who);
      sessions[who] = await context.storageState();
      await context.close();
    }
  });
  afterAll(() => browser.close());
  beforeEach(() => {
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
  });

  const tasksOf = (page: Page) => page.getByRole('list', { name: 'Tasks' });
  const task = (page: Page, title: string | RegExp) => tasksOf(page).getByRole('listitem', { name: title });
  const chip = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Task lists' }).getByRole('button', { name });

  it('shows my tasks with their due times and leads, and the overdue list in red', async () => {
    const page = await open(sessions.demo);
    await page.goto('/team');
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await visible(page.getByRole('group', { name: 'Task lists' }).getByRole('button', { name: /^Mine/, pressed: true }));
    const upcoming = task(page, /about the viewing$/);
    await visible(upcoming.getByText(/^Due in \d+h$/));
    await visible(upcoming.getByRole('link'));
    const overdue = task(page, /pre-approval checklist$/);
    await visible(overdue.getByText(/^\d+h overdue$/));
    const colour = (time: ReturnType<Page['locator']>) => time.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(overdue.locator('time'))).not.toBe(await colour(upcoming.locator('time')));
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await chip(page, /^Overdue/).click();
    await visible(task(page, /pre-approval checklist$/));
    expect(await tasksOf(page).getByRole('listitem').filter({ hasText: 'about the viewing' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('list')).toBe('overdue');

    await chip(page, /^Done/).click();
    await visible(task(page, "Log yesterday's calls").getByRole('checkbox', { name: "Reopen Log yesterday's calls", checked: true }));

    // A task someone else made for someone else: Alex can read it, not tick it off or change it.
    await chip(page, /^Team/).click();
    const others = task(page, 'Update the Maple Ave listing photos');
    await visible(others);
    expect(await others.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await others.getByRole('button', { name: /^Actions for / }).count()).toBe(0);

    const leadName = (await upcoming.getByRole('link').textContent())!;
    await chip(page, /^Mine/).click();
    await task(page, /about the viewing$/).getByRole('link').click();
    await page.waitForURL(/\/leads\/\d+$/);
    await visible(page.getByRole('heading', { name: leadName }).first());
  });

  it('makes, completes, edits and deletes a task, and another browser follows without a reload', async () => {
    const alex = await open(sessions.demo);
    const taylor = await open(sessions.lead);
    await taylor.goto('/team?tab=tasks&list=team');
    await visible(tasksOf(taylor));
    await alex.goto('/team?tab=tasks');
    await visible(tasksOf(alex));
    const leadName = (await task(alex, /about the viewing$/).getByRole('link').textContent())!;

    const title = `Bring the keys for the open house ${randomBytes(2).toString('hex')}`;
    await alex.getByRole('button', { name: 'New task' }).click();
    const dialog = alex.getByRole('dialog', { name: 'New task' });
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await visible(dialog.getByText('Give the task a title'));
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Assignee').selectOption({ label: 'Sam Patel' });
    // Three days on, at 09:30 in the browser's (this machine's) time zone, as the date-time field takes it.
    const due = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await dialog.getByLabel('Due').fill(`${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T09:30`);
    await dialog.getByLabel('Linked lead').fill(leadName);
    // The demo floor may hold two leads of one name (one per lead type): any of them will do.
    await dialog.getByRole('list', { name: 'Matching leads' }).getByRole('button', { name: new RegExp(`^${leadName}`) }).first().click();
    await visible(dialog.getByRole('button', { name: `Unlink ${leadName}` }));
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await gone(dialog);
    await visible(toastWith(alex, 'Task created'));

    // Taylor's Team list shows it at once, with its assignee, due time and lead.
    const onTaylors = task(taylor, title);
    await visible(onTaylors.getByText('Sam Patel'));
    await visible(onTaylors.getByRole('link', { name: leadName }));
    await visible(onTaylors.getByText(/^Due in [23]d$/));

    // Alex made it, so Alex may tick it off: it moves to Done, on both screens.
    await chip(alex, /^Team/).click();
    await task(alex, title).getByRole('checkbox', { name: `Complete ${title}` }).check();
    await gone(task(alex, title));
    await gone(onTaylors);
    await chip(taylor, /^Done/).click();
    await visible(task(taylor, title).getByText(/^Done/));

    // Taylor, the team lead, reopens and renames it; then deletes it. Alex's screen follows.
    await task(taylor, title).getByRole('checkbox', { name: `Reopen ${title}` }).uncheck();
    await gone(task(taylor, title));
    await chip(taylor, /^Team/).click();
    await task(taylor, title).getByRole('button', { name: `Actions for ${title}` }).click();
    await taylor.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = taylor.getByRole('dialog', { name: 'Edit task' });
    await edit.getByLabel('Title').fill(`${title} (side door)`);
    await edit.getByRole('button', { name: `Unlink ${leadName}` }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await gone(edit);
    await visible(task(alex, `${title} (side door)`));
    expect(await task(alex, `${title} (side door)`).getByRole('link').count()).toBe(0);

    await task(taylor, `${title} (side door)`).getByRole('button', { name: `Actions for ${title} (side door)` }).click();
    await taylor.getByRole('menuitem', { name: 'Delete' }).click();
    await taylor.getByRole('dialog', { name: 'Delete this task?' }).getByRole('button', { name: 'Delete task' }).click();
    await gone(task(taylor, `${title} (side door)`));
    await gone(task(alex, `${title} (side door)`));
  }, 120_000); // two browsers through a task's whole life: a cap, not a speed check

  it('marks a task made from a chat message, titled by the message', async () => {
    const page = await open(sessions.demo);
    const origin = { Origin: inject('baseURL') };
    const me = (await (await page.request.get('/api/auth/current-user')).json()) as { user: { id: number; teamId: number } };
    const text = `Smiths asked for the HOA papers ${randomBytes(2).toString('hex')}`;
    const posted = await page.request.post(`/api/teams/${me.user.teamId}/messages`, { headers: origin, data: { content: text } });
    expect(posted.status()).toBe(201);
    const messageId = ((await posted.json()) as { message: { id: number } }).message.id;
    await expect.poll(async () => (await page.request.post(`/api/teams/${me.user.teamId}/tasks`, {
      headers: origin, data: { assignedUserId: me.user.id, sourceMessageId: messageId },
    })).status(), { timeout: 10_000 }).toBe(201); // the chat's read model may still be taking the message in
    await page.goto('/team?tab=tasks&list=mine');
    await visible(task(page, text).getByText('From chat'));
  });

  it("lets the manager of both teams switch between their tasks, the team's list first", async () => {
    const page = await open(sessions.manager);
    await page.goto('/team?tab=tasks');
    await visible(page.getByRole('group', { name: 'Task lists' }).getByRole('button', { name: /^Team/, pressed: true }));
    await visible(task(page, 'Update the Maple Ave listing photos'));
    await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Finance & Forex Desk' });
    await visible(task(page, 'Follow up on the refinance quotes'));
    expect(await task(page, 'Update the Maple Ave listing photos').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('team')).not.toBeNull();
    await page.reload();
    await visible(task(page, 'Follow up on the refinance quotes'));
  });

  it('fits a phone: the lists, the chips and the New task button stay on screen', async () => {
    const page = await open(sessions.demo, { viewport: MOBILE, isMobile: true });
    await page.goto('/team?tab=tasks');
    await visible(task(page, /about the viewing$/));
    await visible(page.getByRole('button', { name: 'New task' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'New task' }).click();
    await visible(page.getByRole('dialog', { name: 'New task' }).getByRole('button', { name: 'Create task' }));
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
