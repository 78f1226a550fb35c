import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { jobWithAcceptedCloser, readable } from './support/academy';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { signInThroughApi } from './support/notifications';
import { atPath, gone, toastWith, visible } from './support/ui';

// The demo floor's team lead Taylor (`lead`) posts a job and accepts Riley (`riley`); Taylor
// writes its training and an assessment, Riley reads it and passes.
describe('the academy: author, learn, pass', () => {
  let browser: Browser;
  let owner: Page, closer: Page;
  let jobId: number;
  const title = `Battery closer ${Date.now().toString(36)}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = (await openPage(browser)).page;
    closer = (await openPage(browser)).page;
    await signInThroughApi(owner, 'lead');
    await signInThroughApi(closer, 'riley');
    jobId = await jobWithAcceptedCloser(owner, closer, title);
  });
  afterAll(() => browser.close());

  it("lets the job's owner write the training and publish an assessment", async () => {
    await owner.goto(`/closers/training/${jobId}`);
    await visible(owner.getByRole('heading', { level: 1, name: `Training: ${title}` }));
    await visible(owner.getByText('Save the content first'));
    const content = owner.getByRole('form', { name: 'Training content' });
    await content.getByLabel('Company', { exact: true }).fill('VoltHome sells home batteries that keep the lights on in a power cut.');
    await content.getByLabel('Product', { exact: true }).fill('PowerWall Mini: 10 kWh, installed in a day, 15-year warranty.');
    await content.getByLabel('Call scripts').fill('Ask about the last power cut. Then book the home visit.');
    await content.getByRole('button', { name: 'Create training' }).click();
    await visible(toastWith(owner, 'Training saved'));

    await owner.getByRole('button', { name: 'New assessment' }).click();
    const editor = owner.getByRole('form', { name: 'New assessment' });
    await editor.getByLabel('Title').fill('Battery basics');
    await editor.getByLabel('Question', { exact: true }).fill('How long is the warranty?');
    await editor.getByLabel('Answer 1', { exact: true }).fill('5 years');
    await editor.getByLabel('Answer 2', { exact: true }).fill('15 years');
    await editor.getByLabel('Answer 2 is correct').check();
    expect(await editor.getByLabel('Answer 1 is correct').isChecked()).toBe(false);
    await editor.getByRole('button', { name: 'Publish assessment' }).click();
    const published = owner.getByRole('list', { name: 'Published assessments' }).getByRole('listitem');
    await visible(published.filter({ hasText: 'Battery basics' }).getByText(/^Version 1/));
    expect(await seriousViolations(owner, 'main')).toEqual([]);

    // A second one, published and withdrawn: it stops counting, so one assessment certifies.
    await owner.getByRole('button', { name: 'New assessment' }).click();
    const second = owner.getByRole('form', { name: 'New assessment' });
    await second.getByLabel('Title').fill('Draft quiz');
    await second.getByLabel('Question', { exact: true }).fill('Is this a draft?');
    await second.getByLabel('Answer 1', { exact: true }).fill('Yes');
    await second.getByLabel('Answer 2', { exact: true }).fill('No');
    await second.getByRole('button', { name: 'Publish assessment' }).click();
    await published.filter({ hasText: 'Draft quiz' }).getByRole('button', { name: 'Withdraw' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Withdraw this assessment?' });
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await gone(dialog);
    await gone(published.filter({ hasText: 'Draft quiz' }));
  });

  it('sends anyone else from the editor to the learner view', async () => {
    await closer.goto(`/closers/training/${jobId}`);
    await atPath(closer, `/academy/${jobId}`);
    await visible(closer.getByRole('heading', { level: 1, name: title }));
  });

  it('lets the accepted closer read the sections in order and pass the assessment', async () => {
    await readable(closer, `/api/academy/${jobId}`);
    await closer.goto('/academy');
    const card = closer.getByRole('list', { name: 'My trainings' }).getByRole('listitem').filter({ hasText: title });
    await visible(card.getByText('Enrolled'));
    await card.getByRole('link', { name: 'Start training' }).click();
    await atPath(closer, `/academy/${jobId}`);
    const sections = closer.getByRole('list', { name: 'Sections' });
    await visible(closer.getByText('VoltHome sells home batteries'));
    expect(await sections.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      expect.stringMatching(/^1\. Company/), expect.stringMatching(/^2\. Product/), expect.stringMatching(/^3\. Call scripts/),
    ]);
    for (const name of ['Company', 'Product', 'Call scripts']) {
      // The first section opens with the page; marking one done opens the next.
      const heading = (expanded?: boolean) => closer.getByRole('button', { name: new RegExp(`\\. ${name}`), expanded });
      await sections.getByRole('listitem').filter({ has: heading(true) }).getByRole('button', { name: 'Mark as done' }).click();
      await visible(sections.getByRole('listitem').filter({ has: heading() }).getByLabel('Completed'));
    }
    await visible(closer.getByRole('img', { name: 'Training progress: 75%' }));
    expect(await seriousViolations(closer, 'main')).toEqual([]);

    await closer.getByRole('link', { name: 'Take the assessments' }).click();
    const runner = () => closer.getByRole('form', { name: 'Answer Battery basics' });
    await closer.getByRole('button', { name: 'Start assessment' }).click();
    await runner().getByLabel('5 years', { exact: true }).check();
    await runner().getByRole('button', { name: 'Submit answers' }).click();
    await visible(closer.getByText('Not passed with 0% (needed 70%) on attempt 1.'));
    await visible(closer.getByText('Right answer: 15 years'));
    await closer.getByRole('button', { name: 'Try again' }).click();
    await runner().getByLabel('15 years', { exact: true }).check();
    await runner().getByRole('button', { name: 'Submit answers' }).click();
    await visible(closer.getByText('You passed every assessment: you are certified for this job.'));
    await visible(closer.getByText('Passed with 100% (needed 70%) on attempt 2.'));
    expect(await seriousViolations(closer, 'main')).toEqual([]);

    await closer.getByRole('link', { name: 'My progress' }).click();
    await visible(closer.getByRole('img', { name: /progress: 100%$/ }));
    await visible(closer.getByText(/^Certified /).first());
    await visible(closer.getByRole('heading', { name: 'Training outcome in calls' }));
  });

  it('shows the demo agent their training partway through, at 390 px', async () => {
    const { page, context } = await openPage(browser, { viewport: MOBILE, isMobile: true });
    await signInThroughApi(page, 'demo');
    await page.goto('/academy');
    const card = page.getByRole('list', { name: 'My trainings' }).getByRole('listitem').filter({ hasText: 'Solar Closer' });
    await visible(card.getByText('2 of 7 sections · 0 of 2 assessments passed'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
