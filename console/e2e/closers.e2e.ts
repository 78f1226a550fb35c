import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { applicationOf, applyTo, decide, postJob, RESUME_PDF, uniqueJobTitle } from './support/closers';
import { openBell, signInThroughApi } from './support/notifications';
import type { Session } from './support/sessions';
import { gone, toastWith, visible } from './support/ui';

/** Drags with the mouse as a person does: press, move a little (the drag starts), travel, release. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const [a, b] = [await from.boundingBox(), await to.boundingBox()];
  if (!a || !b) throw new Error('drag source or target is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 120), { steps: 16 });
  await page.mouse.up();
}

// The demo floor: `demo` (Alex Carter) an agent who applies; `manager` (Morgan Reyes) and `lead`
// (Taylor Brooks) post jobs. Each test posts its own jobs, so the seeded ones stay as they are.
describe('closers hub', () => {
  let browser: Browser;
  const sessions: Record<'demo' | 'manager' | 'lead', Session> = {} as never;
  let opened: BrowserContext[] = [];
  const open = async (session: Session, options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, { storageState: session, ...options });
    opened.push(context);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const who of ['demo', 'manager', 'lead'] as const) {
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

  const column = (page: Page, name: string) => page.getByRole('region', { name: `${name} column` });
  const card = (page: Page, columnName: string, who: string) => column(page, columnName).getByRole('listitem', { name: who });

  it('walks apply, review and accept in two browsers: the job posted in the editor, the card and the thread live on both sides', async () => {
    const morgan = await open(sessions.manager);
    const alex = await open(sessions.demo);
    const title = uniqueJobTitle('Roof Coating Closer');

    // Morgan posts a job: the editor names what is missing, previews the commission, saves a draft; the job page publishes it.
    await morgan.goto('/closers');
    await morgan.getByRole('link', { name: 'Post a job' }).click();
    await morgan.getByRole('button', { name: 'Save draft' }).click();
    await visible(morgan.getByText('Give the job a title'));
    await visible(morgan.getByText('Give the sales price'));
    await morgan.getByLabel('Title').fill(title);
    await morgan.getByLabel('Type').selectOption({ label: 'Full-time' });
    await morgan.getByLabel('Location').fill('Remote (US)');
    await morgan.getByLabel('Description').fill('Sell roof coatings to commercial building owners.\nWarm leads, weekly coaching.');
    await morgan.getByLabel('Skills (optional)').fill('Phone sales, B2B');
    await morgan.getByLabel('Product', { exact: true }).fill('Silicone roof coating');
    await morgan.getByLabel('Sales price ($)').fill('40,000');
    await morgan.getByLabel('Commission rate (%)').fill('5');
    await visible(morgan.getByText('$2,000', { exact: true }));
    await morgan.getByLabel('Company', { exact: true }).fill('CoatPro');
    await morgan.getByLabel('Product video (optional)').fill('http://video.example.com/demo');
    await morgan.getByRole('button', { name: 'Save draft' }).click();
    await visible(morgan.getByText('A video address must be an https:// address'));
    await morgan.getByLabel('Product video (optional)').fill('https://video.example.com/demo');
    await morgan.getByRole('button', { name: 'Save draft' }).click();
    await visible(morgan.getByRole('heading', { level: 1, name: title }));
    await visible(morgan.getByText('A draft: only you (and managers) can see it.'));
    await morgan.getByRole('button', { name: 'Publish' }).click();
    await visible(toastWith(morgan, 'Job published: it is on the board now.'));
    await visible(morgan.getByText('Open', { exact: true }));
    const jobId = Number(new URL(morgan.url()).pathname.split('/').pop());
    await morgan.getByRole('link', { name: 'Review applications' }).click();
    await visible(column(morgan, 'Pending').getByText('No new applications waiting.'));

    // Alex finds it on the board by its words and what a close pays, and applies: errors first, then a resume.
    await alex.goto('/closers');
    await alex.getByLabel('Search', { exact: true }).fill('roof coating');
    await alex.getByLabel('Min. commission').fill('1500');
    await expect.poll(() => new URL(alex.url()).search).toBe('?q=roof+coating&min=1500');
    await visible(alex.getByRole('list', { name: 'Jobs' }).getByRole('listitem', { name: title }).getByText('$2,000'));
    await alex.reload();
    expect(await alex.getByLabel('Search', { exact: true }).inputValue()).toBe('roof coating');
    await alex.getByRole('link', { name: title }).click();
    await alex.getByRole('button', { name: 'Apply now' }).click();
    const dialog = alex.getByRole('dialog', { name: `Apply: ${title}` });
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await visible(dialog.getByText('Tell them about your experience'));
    await visible(dialog.getByText('How many hours a week can you give?'));
    await dialog.getByLabel('Your experience').fill('Six years of B2B phone sales; I closed 40 commercial roofing deals last year.');
    await dialog.getByLabel('Message to the employer').fill('Coatings are my favourite product to sell. I can start in January.');
    await dialog.getByLabel('Hours a week').fill('35');
    await dialog.getByLabel('Available from').fill('2027-01-04');
    await dialog.getByRole('checkbox', { name: 'Sat' }).check({ force: true });
    await dialog.getByLabel('Add files: Resume and attachments (optional)').setInputFiles({ name: 'alex-carter-resume.pdf', mimeType: 'application/pdf', buffer: RESUME_PDF });
    await visible(dialog.getByText('alex-carter-resume.pdf'));
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await alex.waitForURL(/\/applications\/\d+$/);
    await visible(alex.getByText('In review').or(alex.getByText('Pending', { exact: true })).first());
    await visible(alex.getByRole('link', { name: 'alex-carter-resume.pdf' }));

    // Morgan's open board shows it at once, pending; Morgan drags it into review, and Alex's page follows.
    await visible(card(morgan, 'Pending', 'Alex Carter'));
    await drag(morgan, card(morgan, 'Pending', 'Alex Carter').getByRole('button', { name: 'Drag Alex Carter' }), column(morgan, 'In review'));
    await visible(card(morgan, 'In review', 'Alex Carter'));
    await visible(toastWith(morgan, 'Application moved'));
    await visible(alex.getByRole('list', { name: 'Status history' }).getByText('In review'));

    // The thread, live both ways.
    const applicationId = Number(new URL(alex.url()).pathname.split('/').pop());
    await morgan.goto(`/applications/${applicationId}`);
    await morgan.getByRole('textbox', { name: 'Message' }).fill('Thanks Alex. Could you do a role-play call on Thursday?');
    await morgan.getByRole('button', { name: 'Send message' }).click();
    await visible(alex.getByRole('list', { name: 'Messages' }).getByText('Could you do a role-play call on Thursday?'));
    await alex.getByRole('textbox', { name: 'Message' }).fill('Thursday works. 3pm?');
    await alex.keyboard.press('Enter');
    await visible(morgan.getByRole('list', { name: 'Messages' }).getByText('Thursday works. 3pm?'));
    // Morgan's private note: Alex never sees it.
    await morgan.getByRole('textbox', { name: 'Private note' }).fill('Strong on B2B; check evening availability.');
    await morgan.getByRole('button', { name: 'Add note' }).click();
    await visible(morgan.getByRole('list', { name: 'Reviewer notes' }).getByText('Strong on B2B'));
    expect(await alex.getByText('Reviewer notes').count()).toBe(0);
    expect((await alex.request.get(`/api/applications/${applicationId}/notes`)).status()).toBe(403);

    // Back on the board, Morgan accepts with feedback; Alex reads the decision without a reload.
    await morgan.goto(`/closers/manage-applications/${jobId}`);
    await drag(morgan, card(morgan, 'In review', 'Alex Carter').getByRole('button', { name: 'Drag Alex Carter' }), column(morgan, 'Accepted'));
    const decision = morgan.getByRole('dialog', { name: 'Accept Alex Carter?' });
    await decision.getByLabel('Feedback (optional)').fill('Welcome aboard! Onboarding call on Monday at 10.');
    await decision.getByRole('button', { name: 'Accept application' }).click();
    await visible(card(morgan, 'Accepted', 'Alex Carter'));
    const history = alex.getByRole('list', { name: 'Status history' });
    await visible(history.getByText('Accepted'));
    await visible(history.getByText('Welcome aboard! Onboarding call on Monday at 10.'));
    expect(await alex.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
  }, 180_000); // two browsers through a job's and an application's whole life: a cap, not a speed check

  it('lets the applicant withdraw while pending or in review, shows it as Withdrawn, and not once decided', async () => {
    const morgan = await open(sessions.manager);
    const alex = await open(sessions.demo);
    const [open1, open2] = [uniqueJobTitle('Solar Closer'), uniqueJobTitle('Solar Closer')];
    const [job1, job2] = [await postJob(morgan, open1), await postJob(morgan, open2)];
    const [pending, accepted] = [await applyTo(alex, job1), await applyTo(alex, job2)];
    await decide(morgan, accepted, 'accepted');

    await alex.goto('/closers/my-applications');
    const mine = alex.getByRole('listitem', { name: open1 });
    await visible(mine.getByText('Pending', { exact: true }).first());
    expect(await alex.getByRole('listitem', { name: open2 }).getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = alex.getByRole('dialog', { name: 'Withdraw this application?' });
    await confirm.getByRole('button', { name: 'Withdraw application' }).click();
    await gone(confirm);
    await visible(mine.getByText('Withdrawn').first());
    expect(await mine.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    expect(await applicationOf(alex, pending)).toMatchObject({ status: 'rejected', statusReason: 'withdrawn_by_applicant' });

    // Decided applications cannot be withdrawn: not on the page, and the server refuses it too.
    await alex.goto(`/applications/${accepted}`);
    await visible(alex.getByRole('list', { name: 'Status history' }).getByText('Accepted'));
    expect(await alex.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    const refused = await alex.request.post(`/api/applications/${accepted}/withdraw`, { headers: { Origin: inject('baseURL') }, data: {} });
    expect(refused.status()).toBe(409);

    // The employer sees the withdrawal as such, in Rejected, with nothing left to move.
    await morgan.goto(`/closers/manage-applications/${job1}`);
    const withdrawn = card(morgan, 'Rejected', 'Alex Carter');
    await visible(withdrawn.getByText('Withdrawn'));
    expect(await withdrawn.getByRole('button', { name: 'Drag Alex Carter' }).count()).toBe(0);
    expect(await withdrawn.getByLabel('Status of Alex Carter').count()).toBe(0);
  });

  it('undoes a move another reviewer beat, says so, and shows their decision', async () => {
    const taylor = await open(sessions.lead);
    const morgan = await open(sessions.manager);
    const alex = await open(sessions.demo);
    const jobId = await postJob(taylor, uniqueJobTitle('Medicare Closer'));
    const applicationId = await applyTo(alex, jobId);

    // Morgan (a manager may review any job) opens the board; Taylor, the owner, accepts meanwhile.
    await morgan.goto(`/closers/manage-applications/${jobId}`);
    await visible(card(morgan, 'Pending', 'Alex Carter'));
    // Once the live connection is up (its opening rereads the board), Morgan, no party to it, hears nothing more of it.
    await openBell(morgan);
    await morgan.keyboard.press('Escape');
    await decide(taylor, applicationId, 'accepted');
    await card(morgan, 'Pending', 'Alex Carter').getByLabel('Status of Alex Carter').selectOption({ label: 'In review' });
    await visible(toastWith(morgan, 'Someone else moved it first'));
    await visible(card(morgan, 'Accepted', 'Alex Carter'));
    expect(await column(morgan, 'In review').getByRole('listitem', { name: 'Alex Carter' }).count()).toBe(0);
    expect((await applicationOf(morgan, applicationId)).status).toBe('accepted');
  });

  it('shows someone with no job how to post one instead of an employer dashboard, and an employer their figures', async () => {
    const alex = await open(sessions.demo);
    await alex.goto('/employer-dashboard');
    await visible(alex.getByRole('heading', { name: 'You have not posted a job yet' }));
    expect(await alex.getByRole('list', { name: 'Key figures' }).count()).toBe(0);
    await alex.getByRole('main').getByRole('link', { name: 'Post a job' }).click();
    await visible(alex.getByRole('heading', { level: 1, name: 'Post a job' }));

    const morgan = await open(sessions.manager);
    await morgan.goto('/employer-dashboard');
    const figures = morgan.getByRole('list', { name: 'Key figures' });
    await visible(figures.getByText('Median time to first response'));
    const chart = morgan.getByRole('region', { name: 'Applications by status' });
    await visible(chart.locator('.recharts-bar-rectangle').first());
    await chart.getByRole('button', { name: 'Table' }).click();
    await visible(chart.getByRole('table').getByRole('rowheader', { name: 'Withdrawn' }));
  });

  it('fits a 390 px phone: the board and the kanban scroll inside, never the page', async () => {
    const morgan = await open(sessions.manager, { viewport: MOBILE, isMobile: true, hasTouch: true });
    const jobId = await postJob(morgan, uniqueJobTitle('Phone Closer'));
    // A phone browser widens its layout to content that does not fit: the page's width, not a scrollbar, tells.
    const overflow = () => morgan.evaluate((width) => document.documentElement.scrollWidth - width, MOBILE.width);
    await morgan.goto('/closers');
    await visible(morgan.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first());
    // Once laid out: the phone may measure the page before the board's scroller has its width.
    await expect.poll(overflow).toBe(0);
    await morgan.goto(`/closers/manage-applications/${jobId}`);
    await visible(column(morgan, 'Pending'));
    await expect.poll(overflow).toBe(0);
  });
});
