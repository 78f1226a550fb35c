import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** A write through the API from a signed-in page, as the console sends it (with its Origin). */
async function write<T>(page: Page, method: 'post' | 'put', path: string, data: object): Promise<T> {
  const response = await page.request[method](path, { data, headers: { Origin: inject('baseURL') } });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A published job of the closers hub owned by `owner`'s session, with `closer` applied and
 * accepted, made through the hub's API. Returns the job's id (its training's id too).
 */
export async function jobWithAcceptedCloser(owner: Page, closer: Page, title: string): Promise<number> {
  const job = await write<{ id: number }>(owner, 'post', '/api/jobs', {
    title, description: 'Close warm leads for a home battery.', companyName: 'VoltHome', productName: 'PowerWall Mini', salesPrice: 650_000,
    commissionRate: 10, location: 'Remote', type: 'commission_only',
  });
  await write(owner, 'post', `/api/jobs/${job.id}/publish`, {});
  const application = await write<{ id: number; version: number }>(closer, 'post', `/api/jobs/${job.id}/applications`, {
    experience: 'Two years of inbound energy sales.', message: 'Ready to start.', availableHoursPerWeek: 25, availableStartDate: '2026-02-02', availableDays: ['monday', 'friday'],
  });
  await write(owner, 'post', `/api/applications/${application.id}/status`, { status: 'accepted', expectedVersion: application.version });
  // The academy reads jobs from its own read model: on a backend still catching up with the demo seed, that takes a moment.
  await readable(owner, `/api/jobs/${job.id}/training`);
  return job.id;
}

/** Waits (up to a minute) until `path` answers 200 to the page's session, and `pick` finds what it needs in the answer: a read model has caught up. */
export async function readable<T = unknown>(page: Page, path: string, pick: (body: never) => T | undefined = () => true as T): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await page.request.get(path);
    const found = response.status() === 200 ? pick((await response.json()) as never) : undefined;
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${path} still answers ${response.status()} without what was awaited`);
    await new Promise((r) => setTimeout(r, 100)); // polling a read model, not a fixed wait
  }
}
