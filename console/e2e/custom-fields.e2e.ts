import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO } from './support/accounts';
import { startBackend } from './support/backend';
import { launchBrowser, openPage } from './support/browser';
import { gone, toastWith, visible } from './support/ui';

// The Sales Manager makes a custom field required for real estate leads, adds such a lead
// through the pool's Add Lead dialog (refused until the field is filled, as the server refuses
// it), finds its values on the lead card, corrects one there, and filters the pool by them.
// A required field changes what every real estate lead needs, so this file has a backend of
// its own: the other journeys, which make real estate leads without it, never see the field.

describe('custom fields on the add form, the lead card and the pool filters', () => {
  let browser: Browser;
  let backend: Awaited<ReturnType<typeof startBackend>>;
  beforeAll(async () => {
    [browser, backend] = await Promise.all([launchBrowser(), startBackend()]);
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.stop();
  });

  const signedIn = async (): Promise<Page> => {
    const { page } = await openPage(browser, { baseURL: backend.url });
    const login = await page.request.post('/api/auth/login', { data: { username: 'manager', password: DEMO.password }, headers: { Origin: backend.url } });
    if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
    return page;
  };
  const define = async (page: Page, body: Record<string, unknown>) => {
    const res = await page.request.post('/api/custom-fields', { data: body, headers: { Origin: backend.url } });
    if (!res.ok()) throw new Error(`define failed: ${res.status()} ${await res.text()}`);
  };

  it('asks for a required field, shows the values on the card, edits one, and filters the pool by them', { timeout: 120_000 }, async () => {
    const run = randomBytes(3).toString('hex');
    const page = await signedIn();
    await define(page, { name: `band_${run}`, leadType: 'real_estate', label: `Price band ${run}`, fieldType: 'select', options: ['Starter', 'Premium'], required: true });
    await define(page, { name: `budget_${run}`, leadType: 'real_estate', label: `Budget ${run}`, fieldType: 'number' });
    const name = `Custom Fields ${run}`;

    await page.goto('/leads');
    await visible(page.getByRole('heading', { level: 1, name: 'Lead Pool' }));
    await page.getByRole('button', { name: 'Add Lead' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(`cf-${run}@example.com`);
    await dialog.getByLabel('Phone').fill('555-0177');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('Lead type').selectOption('real_estate');
    // The type's fields follow the choice of type.
    await dialog.getByLabel(`Budget ${run}`).fill('lots');
    await dialog.getByRole('button', { name: 'Create Lead' }).click();
    await visible(dialog.getByText(`Price band ${run} is required.`));
    await visible(dialog.getByText(`Budget ${run} must be a number.`));
    await dialog.getByLabel(`Price band ${run}`).selectOption('Premium');
    await dialog.getByLabel(`Budget ${run}`).fill('450000');
    await dialog.getByRole('button', { name: 'Create Lead' }).click();
    await visible(toastWith(page, 'Lead created'));
    await gone(dialog);

    // On the card: each value under its label, the number grouped.
    await page.goto(`/leads?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Show More' }).click();
    const values = card.getByRole('region', { name: 'Custom fields' });
    await visible(values.getByText('Premium', { exact: true }));
    await visible(values.getByText('450,000', { exact: true }));

    // The manager corrects the budget on the card; a required field may not be emptied.
    await values.getByRole('button', { name: 'Edit' }).click();
    const form = values.getByRole('form', { name: 'Edit custom fields' });
    await form.getByLabel(`Price band ${run}`).selectOption('');
    await form.getByLabel(`Budget ${run}`).fill('520000');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText(`Price band ${run} is required.`));
    await form.getByLabel(`Price band ${run}`).selectOption('Premium');
    await form.getByRole('button', { name: 'Save' }).click();
    await gone(form);
    await visible(values.getByText('520,000', { exact: true }));

    // The pool filters by the values, server-side: a choice, then a number range.
    await page.goto('/leads');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    const custom = filters.getByRole('group', { name: 'Custom fields' });
    await custom.getByLabel(`Price band ${run}`).selectOption('Premium');
    const chips = page.getByRole('group', { name: 'Active filters' });
    await visible(chips.getByText(`Price band ${run}: Premium`));
    await visible(page.getByText(/^1 lead found/));
    await visible(page.getByRole('article', { name }));
    await custom.getByLabel(`Budget ${run} from`).fill('600000');
    await custom.getByLabel(`Budget ${run} from`).press('Enter');
    await visible(chips.getByText(`Budget ${run} ≥ 600000`));
    await visible(page.getByText('No leads match your search criteria. Try different filters.'));
    await chips.getByRole('button', { name: `Remove filter Budget ${run} ≥ 600000` }).click();
    await visible(page.getByRole('article', { name }));
    expect(new URL(page.url()).searchParams.getAll('customField')).toEqual([`band_${run}=Premium`]);
    // A value the field cannot hold is said beside it, never sent.
    await custom.getByLabel(`Budget ${run} to`).fill('cheap');
    await custom.getByLabel(`Budget ${run} to`).press('Enter');
    await visible(custom.getByText(`Budget ${run} must be a number.`));
    await visible(page.getByRole('article', { name }));
  });
});
