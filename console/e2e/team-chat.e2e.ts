import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { notificationItem, openBell, signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { gone, visible } from './support/ui';

// The demo floor: `demo` (Alex Carter, an agent) and `lead` (Taylor Brooks, its team lead) are
// on Real Estate Closers; `manager` (Morgan Reyes) sits on it and manages both teams.
const word = () => randomBytes(3).toString('hex');

async function apiSession(browser: Browser, username: string): Promise<Session> {
  const { context, page } = await openPage(browser);
  try {
    await signInThroughApi(page, username);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const message = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function openChat(page: Page, query = ''): Promise<void> {
  await page.goto(`/team?tab=collaboration${query}`);
  await visible(page.getByRole('tab', { name: 'Collaboration', selected: true }));
  await visible(composer(page));
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => composer(page).inputValue()).toBe('');
}

async function messageAction(item: Locator, action: 'Edit' | 'Delete' | 'Make a task'): Promise<void> {
  await item.hover();
  await item.getByRole('button', { name: 'Message actions' }).click();
  await item.getByRole('button', { name: action }).click();
}

describe('/team, Collaboration (team chat)', () => {
  let browser: Browser;
  let sessions: Record<'demo' | 'lead' | 'manager', Session>;
  let opened: BrowserContext[] = [];
  const open = async (session?: Session, options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, { ...(session ? { storageState: session } : {}), ...options });
    opened.push(context);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    sessions = { demo: await apiSession(browser, 'demo'), lead: await apiSession(browser, 'lead'), manager: await apiSession(browser, 'manager') };
  });
  afterAll(() => browser.close());
  beforeEach(() => {
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
  });

  it('shows a message posted in one browser in the other without a reload, then its edit and its deletion', async () => {
    const [demo, lead] = [await open(sessions.demo), await open(sessions.lead)];
    await Promise.all([openChat(demo), openChat(lead)]);
    await lead.evaluate(() => Object.assign(window, { sameDocument: true }));
    const text = `Who takes the Oakwood listing today? ${word()}`;

    await send(demo, text);
    await visible(message(demo, text));
    await visible(message(lead, text).getByText('Alex Carter'));

    const edited = `${text}, 10 am`;
    await messageAction(message(demo, text), 'Edit');
    const editor = demo.getByRole('textbox', { name: 'Edit message' });
    await editor.fill(edited);
    await editor.press('Enter');
    await visible(message(lead, edited).getByText('(edited)'));

    await messageAction(message(demo, edited), 'Delete');
    const confirm = demo.getByRole('dialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await visible(demo.getByText('This message was deleted').last());
    await gone(lead.getByText(edited));
    await visible(lead.getByText('This message was deleted').last());
    expect(await lead.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('shows markup as text and keeps line breaks', async () => {
    const demo = await open(sessions.demo);
    await openChat(demo);
    const tag = word();
    await composer(demo).fill(`<b>not bold</b> ${tag}`);
    await composer(demo).press('Shift+Enter');
    await composer(demo).pressSequentially('second line');
    await composer(demo).press('Enter');
    const item = message(demo, tag);
    await visible(item);
    expect(await item.locator('b').count()).toBe(0);
    expect(await item.getByText(`<b>not bold</b> ${tag}`, { exact: false }).innerText()).toBe(`<b>not bold</b> ${tag}\nsecond line`);
  });

  it('offers the team for @, highlights the mention, and tells the person mentioned', async () => {
    const [demo, lead] = [await open(sessions.demo), await open(sessions.lead)];
    await Promise.all([openChat(demo), openChat(lead)]);
    const panel = await openBell(demo);
    await demo.keyboard.press('Escape');

    const tag = word();
    await composer(lead).pressSequentially('Can you call the Hendersons back, @ale');
    const people = lead.getByRole('listbox', { name: 'People to mention' });
    await visible(people.getByRole('option', { name: /Alex Carter/ }));
    await composer(lead).press('Enter');
    await gone(people);
    expect(await composer(lead).inputValue()).toBe('Can you call the Hendersons back, @demo ');
    await composer(lead).pressSequentially(`today? ${tag}`);
    await composer(lead).press('Enter');

    const item = message(demo, tag);
    await visible(item.getByText('@demo', { exact: true }));
    await demo.getByRole('button', { name: /^Notifications/ }).click();
    await visible(notificationItem(panel, 'You Were Mentioned', tag));
  });

  it('counts the characters near the 4,000 limit and sends nothing longer', async () => {
    const demo = await open(sessions.demo);
    await openChat(demo);
    await composer(demo).fill('x'.repeat(3_999));
    await visible(demo.getByText('3,999 / 4,000'));
    await composer(demo).pressSequentially('yz');
    await visible(demo.getByText('4,001 / 4,000 · 1 too many'));
    expect(await demo.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });

  it('keeps the text and shows the refusal when the server refuses a post', async () => {
    const demo = await open(sessions.demo);
    await openChat(demo);
    // The server refuses a body with a field it does not know (400, problem+json).
    await demo.route((url) => url.pathname.endsWith('/messages'), async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), pinned: true }) });
    });
    const text = `Refused ${word()}`;
    await composer(demo).fill(text);
    await composer(demo).press('Enter');
    await visible(demo.getByRole('form', { name: 'Write a message' }).getByRole('alert'));
    expect(await composer(demo).inputValue()).toBe(text);
    expect(await message(demo, text).count()).toBe(0);
  });

  it('finds messages by their words and shows one in the conversation', async () => {
    const [demo, lead] = [await open(sessions.demo), await open(sessions.lead)];
    await Promise.all([openChat(demo), openChat(lead)]);
    const tag = `zq${word()}`;
    // Posted by someone else, it reaches demo once the server's read model (which search reads) has it.
    await send(lead, `The Maple Avenue seller wants an offer by Friday ${tag}`);
    await visible(message(demo, tag));

    const search = demo.getByRole('searchbox', { name: 'Search messages' });
    await search.fill(`maple ${tag.slice(0, 5)}`);
    await search.press('Enter');
    const results = demo.getByRole('list', { name: 'Search results' });
    await visible(results.locator('mark', { hasText: 'Maple' }).first());
    await visible(demo.getByText(/1 message matches/));
    await results.getByRole('button').filter({ hasText: tag }).click();
    await visible(message(demo, tag));
    await gone(results);

    await search.fill(`nothing${word()}`);
    await search.press('Enter');
    await visible(demo.getByText(/No messages match/));
  });

  it('lets the manager of several teams choose the team, and keeps the choice in the address', async () => {
    const manager = await open(sessions.manager);
    await openChat(manager);
    await visible(manager.getByRole('heading', { name: 'Real Estate Closers' }));
    await manager.getByLabel('Team', { exact: true }).selectOption({ label: 'Finance & Forex Desk' });
    await visible(manager.getByRole('heading', { name: 'Finance & Forex Desk' }));
    expect(new URL(manager.url()).searchParams.get('team')).not.toBeNull();
    await manager.reload();
    await visible(manager.getByRole('heading', { name: 'Finance & Forex Desk' }));
  });

  it('tells someone on no team that there is no team chat for them', async () => {
    const page = await open();
    await registerThroughApi(page);
    await page.goto('/team?tab=collaboration');
    await visible(page.getByText(/You are not on a team yet/));
    expect(await composer(page).count()).toBe(0);
  });

  it('walks the four tabs in two browsers', async () => {
    const [demo, lead] = [await open(sessions.demo), await open(sessions.lead)];
    for (const page of [demo, lead]) {
      await page.goto('/team');
      await visible(page.getByRole('region', { name: 'Sales Manager' }).getByText('Morgan Reyes'));
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Structure', 'Rankings', 'Collaboration', 'Tasks']);
      await page.getByRole('tab', { name: 'Rankings' }).click();
      await visible(page.getByRole('list', { name: 'Top performers' }).getByRole('listitem').first());
      await page.getByRole('tab', { name: 'Collaboration' }).click();
      await visible(composer(page));
      await page.getByRole('tab', { name: 'Tasks' }).click();
      await visible(page.getByRole('tab', { name: 'Tasks', selected: true }));
      expect(await page.getByRole('tabpanel').getByRole('alert').count()).toBe(0);
    }
    // Back to the chat in both: a message from one reaches the other.
    await Promise.all([demo.getByRole('tab', { name: 'Collaboration' }).click(), lead.getByRole('tab', { name: 'Collaboration' }).click()]);
    const text = `Back from the tasks ${word()}`;
    await visible(composer(lead));
    await send(demo, text);
    await visible(message(lead, text));
  });

  it('has no serious or critical axe findings, light and dark, with the @ list and a message menu open', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(sessions.demo, { colorScheme });
      await openChat(page);
      const tag = word();
      await send(page, `Accessibility check ${tag}`);
      const item = message(page, tag);
      await item.hover();
      await item.getByRole('button', { name: 'Message actions' }).click();
      await visible(item.getByRole('button', { name: 'Edit' }));
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await composer(page).pressSequentially('@');
      await visible(page.getByRole('listbox', { name: 'People to mention' }));
      expect(await seriousViolations(page, 'main')).toEqual([]);
    }
  });

  it('fits a phone: the four tabs, the chat in the window with its composer in view, nothing spilling sideways', async () => {
    const page = await open(sessions.demo, { viewport: MOBILE, isMobile: true });
    await openChat(page);
    const box = await composer(page).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
    expect(await page.getByRole('tablist').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
