import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { visible } from './support/ui';

// `npm run screenshots -w console`: /team's Structure (as the manager, who sees the management
// buttons) and Rankings tabs, and the Collaboration and Tasks tabs (as `demo`, whom the team
// mentions and gives tasks), in docs/screenshots/.
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/**
 * A morning on Real Estate Closers' chat, posted through the API by the demo floor's people:
 * mentions (one of `demo`), markup typed as text, and an edited message.
 */
async function postConversation(browser: Browser): Promise<void> {
  const as = async (username: string) => {
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, username);
    return { context, page };
  };
  const people = { manager: await as('manager'), lead: await as('lead'), demo: await as('demo'), sam: await as('sam') };
  const headers = { Origin: inject('baseURL') };
  const teams = (await (await people.demo.page.request.get('/api/teams')).json()) as { id: number; name: string }[];
  const teamId = teams.find((t) => t.name === 'Real Estate Closers')!.id;
  const post = async (who: keyof typeof people, content: string): Promise<number> => {
    const response = await people[who].page.request.post(`/api/teams/${teamId}/messages`, { data: { content }, headers });
    if (!response.ok()) throw new Error(`post failed: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { message: { id: number } }).message.id;
  };
  await post('manager', 'Morning team! Two new Oakwood Estates listings came in overnight; they are in the pool.');
  await post('lead', '@demo can you take the Hendersons? They asked for a call before noon.');
  const reply = await post('demo', "On it. I'll call them at 10 and log the notes.");
  const edit = await people.demo.page.request.patch(`/api/team-messages/${reply}`, {
    data: { content: "On it. I'll call them at 10:30 and log the notes on their card." }, headers,
  });
  if (!edit.ok()) throw new Error(`edit failed: ${edit.status()} ${await edit.text()}`);
  await post('sam', 'Closed the Pine Road condo yesterday! Thanks @lead for the objection script.\nNext up: the Cedar Lane duplex.');
  await post('lead', 'Nice work @sam. Reminder: pipeline review at 4 pm, bring your <top 3> deals.');
  await Promise.all(Object.values(people).map((p) => p.context.close()));
}

/** A task Taylor makes for `demo` from the chat's Henderson message, so the Tasks tab shows one that came from the chat. */
async function taskFromChat(browser: Browser): Promise<void> {
  const { context, page } = await openPage(browser);
  await signInThroughApi(page, 'lead');
  const headers = { Origin: inject('baseURL') };
  const me = (await (await page.request.get('/api/auth/current-user')).json()) as { user: { teamId: number } };
  const structure = (await (await page.request.get('/api/teams/structure')).json()) as { teams: { id: number; agents: { id: number; fullName: string }[] }[] };
  const demoId = structure.teams.find((t) => t.id === me.user.teamId)!.agents.find((a) => a.fullName === 'Alex Carter')!.id;
  const messages = (await (await page.request.get(`/api/teams/${me.user.teamId}/messages?q=Hendersons`)).json()) as { messages: { id: number }[] };
  const response = await page.request.post(`/api/teams/${me.user.teamId}/tasks`, {
    headers, data: { title: 'Call the Hendersons before noon', assignedUserId: demoId, dueAt: new Date(Date.now() + 90 * 60_000).toISOString(), sourceMessageId: messages.messages[0]!.id },
  });
  if (!response.ok()) throw new Error(`task failed: ${response.status()} ${await response.text()}`);
  await context.close();
}

describe('team screenshots', () => {
  let browser: Browser;
  let manager: Session;
  let demo: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(outDir, { recursive: true });
    const { context, page } = await openPage(browser);
    await signInThroughApi(page, 'manager');
    manager = await context.storageState();
    await context.close();
    const other = await openPage(browser);
    await signInThroughApi(other.page, 'demo');
    demo = await other.context.storageState();
    await other.context.close();
    await postConversation(browser);
    await taskFromChat(browser);
  });
  afterAll(() => browser.close());

  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`captures /team, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, { ...options, storageState: manager });
        await page.goto('/team');
        await visible(page.getByRole('region', { name: 'Sales Manager' }).getByText('Morgan Reyes'));
        await visible(page.getByRole('button', { name: /^Manage / }).first());
        await page.screenshot({ path: `${outDir}team-structure-${device}-${theme}.png`, fullPage: device === 'mobile' });

        await page.getByRole('tab', { name: 'Rankings' }).click();
        await visible(page.getByRole('list', { name: 'Top performers' }).getByRole('listitem').first());
        await visible(page.getByRole('list', { name: 'Team rankings' }).getByRole('listitem').first());
        await page.screenshot({ path: `${outDir}team-rankings-${device}-${theme}.png`, fullPage: device === 'mobile' });
        await context.close();
      });

      it(`captures /team's Collaboration tab, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, { ...options, storageState: demo });
        await page.goto('/team?tab=collaboration');
        const conversation = page.getByRole('list', { name: 'Messages' });
        await visible(conversation.getByText('bring your <top 3> deals', { exact: false }));
        await visible(conversation.getByText('(edited)'));
        // The chat fills the window: a screenshot of the window shows it as a person sees it.
        await page.screenshot({ path: `${outDir}team-collaboration-${device}-${theme}.png` });
        await context.close();
      });

      it(`captures /team's Tasks tab and its New task dialog, ${device}, ${theme}`, async () => {
        const options = { viewport, colorScheme: theme, isMobile: device === 'mobile', deviceScaleFactor: device === 'mobile' ? 2 : 1 } as const;
        const { context, page } = await openPage(browser, { ...options, storageState: demo });
        await page.goto('/team?tab=tasks&list=team');
        const tasks = page.getByRole('list', { name: 'Tasks' });
        await visible(tasks.getByRole('listitem', { name: 'Call the Hendersons before noon' }).getByText('From chat'));
        await visible(tasks.getByText(/overdue$/).first());
        await page.screenshot({ path: `${outDir}team-tasks-${device}-${theme}.png`, fullPage: device === 'mobile' });

        await page.getByRole('button', { name: 'New task' }).click();
        const dialog = page.getByRole('dialog', { name: 'New task' });
        await dialog.getByLabel('Title').fill('Print the Oakwood Estates brochures');
        await dialog.getByLabel('Assignee').selectOption({ label: 'Sam Patel' });
        await dialog.getByLabel('Linked lead').fill('an');
        await visible(dialog.getByRole('list', { name: 'Matching leads' }).getByRole('button').first());
        await page.screenshot({ path: `${outDir}team-tasks-new-${device}-${theme}.png` });
        await context.close();
      });
    }
  }
});
