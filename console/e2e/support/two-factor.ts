import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visible } from './ui';

/** What an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Six digits no step around now accepts. */
export async function wrongCodeFor(secret: string): Promise<string> {
  const good = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => codeFor(secret, s))));
  for (let n = 0; ; n++) if (!good.has(String(n).padStart(6, '0'))) return String(n).padStart(6, '0');
}

/**
 * Sets up two-factor sign-in from /settings' card (or the setup screen a floor's rule shows), as
 * a person would with an app that cannot scan: reads the key from the screen, types the code it
 * gives (the previous step's, leaving the current one to sign in with), saves the recovery codes.
 */
export async function setUpTwoFactor(page: Page, password: string, { fromSettings = true } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  if (fromSettings) await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await visible(page.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
  const secret = (await page.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('6-digit code').fill(await codeFor(secret, -1));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await visible(list);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  return { secret, recoveryCodes };
}

/** The password step of the sign-in form; for an account with a second factor, the code step follows. */
export async function enterPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
