import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, MOBILE, openPage } from './support/browser';
import { atPath, gone, toastWith, visible } from './support/ui';

/** A page signed in as an agent of its own (profiles are changed here, never the demo's). */
describe('/profile', () => {
  let browser: Browser;
  let opened: BrowserContext[] = [];
  const freshAgent = async (options = {}): Promise<Page> => {
    const { context, page } = await openPage(browser, options);
    opened.push(context);
    await registerThroughApi(page);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
    opened = [];
  });

  it('is reached from the user menu and shows details, level, badges and the month', async () => {
    const page = await freshAgent();
    await page.goto('/');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('link', { name: 'Your Profile' }).click();
    await atPath(page, '/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Your Profile' }));
    await visible(page.getByRole('progressbar', { name: 'Progress to Pro' }));
    await visible(page.getByText('0% to Pro'));
    await visible(page.getByRole('list', { name: 'Badges' }).getByText('Quick Starter (Locked)'));
    const month = page.getByRole('region', { name: 'This month' });
    await visible(month.getByText('Leads claimed'));
    await visible(month.getByText('0 of 0 claims contacted'));
  });

  it('edits name and bio with the server’s rules, and the top bar follows', async () => {
    const page = await freshAgent();
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Profile details' });
    const name = form.getByLabel('Full name');
    await name.fill('J');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await visible(form.getByText('Full name must be at least 2 characters'));

    await name.fill('Jordan Blake');
    await form.getByLabel('Bio').fill('Forex closer. <b>Not bold</b>.');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await visible(toastWith(page, 'Profile updated'));
    await visible(page.getByRole('button', { name: /User menu/ }).getByText('Jordan Blake'));
    await page.reload();
    expect(await page.getByRole('form', { name: 'Profile details' }).getByLabel('Bio').inputValue()).toBe('Forex closer. <b>Not bold</b>.');
  });

  it('uploads a photo that shows everywhere, refuses a file that is not an image, and removes it', async () => {
    const page = await freshAgent();
    await page.goto('/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Your Profile' }));
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await visible(toastWith(page, 'Photo updated'));
    const menuPhoto = page.getByRole('button', { name: /User menu/ }).locator('img');
    await visible(menuPhoto);
    expect(await menuPhoto.getAttribute('src')).toMatch(/^\/api\/avatars\/[0-9a-f]{64}\.webp$/);
    // Loaded under the page's CSP: a refused image would have no size.
    await expect.poll(() => menuPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

    await page.getByTestId('avatar-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await visible(page.getByRole('alert').getByText('The file is not an image.'));

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await gone(menuPhoto);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds nothing serious for axe-core, ${colorScheme}`, async () => {
      const page = await freshAgent({ colorScheme });
      await page.goto('/profile');
      await visible(page.getByRole('list', { name: 'Badges' }).getByRole('listitem').first());
      expect(await seriousViolations(page, 'main')).toEqual([]);
    });
  }

  it('fits a phone screen', async () => {
    const page = await freshAgent({ viewport: MOBILE, isMobile: true });
    await page.goto('/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Your Profile' }));
    await visible(page.getByRole('button', { name: 'Upload photo' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
