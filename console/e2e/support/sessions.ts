import type { Browser, BrowserContext } from 'playwright-core';
import { registerThroughApi, signIn } from './accounts';
import { signInThroughApi } from './notifications';
import { openPage } from './browser';

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The cookies of a signed-in session, for `openPage(browser, { storageState })`: a test file
 * signs in (or registers) once and each test opens its own context with them. The gateway
 * limits sign-ins and registrations per address, and the whole suite comes from one address.
 */
export async function sessionOf(browser: Browser, as: 'demo' | 'new agent'): Promise<Session> {
  const { context, page } = await openPage(browser);
  try {
    if (as === 'demo') await signIn(page);
    else await registerThroughApi(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * The demo agent's and the Sales Manager's sessions, for journeys that need both: the demo
 * signs in through the form, the manager through the API.
 */
export async function demoAndManagerSessions(browser: Browser): Promise<{ demo: Session; manager: Session }> {
  const [d, m] = [await openPage(browser), await openPage(browser)];
  try {
    await signIn(d.page);
    await signInThroughApi(m.page, 'manager');
    return { demo: await d.context.storageState(), manager: await m.context.storageState() };
  } finally {
    await Promise.all([d.context.close(), m.context.close()]);
  }
}
