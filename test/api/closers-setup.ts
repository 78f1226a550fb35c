import { expect } from 'vitest';
import type { Agent } from '../api-harness';
import { waitFor } from '../wait-for';

/** A job's body as the editor sends it. */
export const jobBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Solar closer', description: 'Close residential solar deals over the phone.', companyName: 'SunCo', productName: 'Rooftop panels',
  salesPrice: 2_000_000, commissionRate: 7.5, location: 'Remote', type: 'commission_only', skillsRequired: ['solar', 'phone sales'],
  ...overrides,
});

export const applyBody = (overrides: Record<string, unknown> = {}) => ({
  experience: 'Five years closing home improvement deals.', message: 'I would love to sell your panels.',
  availableHoursPerWeek: 30, availableStartDate: '2026-04-01', availableDays: ['monday', 'wednesday', 'friday'],
  ...overrides,
});

/** A job posted by `who` (published unless `draft`), in the read model once this resolves. */
export async function postedJob(who: Agent, overrides: Record<string, unknown> = {}, { draft = false } = {}): Promise<number> {
  const res = await who.request('POST', '/api/jobs', jobBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: number };
  let { version } = res.json() as { version: number };
  if (!draft) {
    const pub = await who.request('POST', `/api/jobs/${id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    version = pub.json().version;
  }
  // minVersion waits a bounded time; on a loaded machine the projection may take longer.
  await waitFor(async () => (await who.request('GET', `/api/jobs/${id}?minVersion=${version}`)).json().job?.version === version, { what: `job ${id} at v${version}` });
  return id;
}

/** `who`'s application to `jobId`, in the read model once this resolves. */
export async function applied(who: Agent, jobId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await who.request('POST', `/api/jobs/${jobId}/applications`, applyBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const { id, version } = res.json() as { id: number; version: number };
  await waitFor(async () => (await who.request('GET', `/api/applications/${id}?minVersion=${version}`)).json().application?.version === version, { what: `application ${id}` });
  return id;
}

/** A job as `who` reads it once the read model shows `version` (waiting past the bounded minVersion wait if need be). */
export async function jobAt(who: Agent, id: number, version: number) {
  return waitFor(async () => {
    const job = (await who.request('GET', `/api/jobs/${id}?minVersion=${version}`)).json().job;
    return job?.version >= version ? job : undefined;
  }, { what: `job ${id} at v${version}` });
}

/** An application as `who` reads it once the read model shows `version`. */
export async function applicationAt(who: Agent, id: number, version: number) {
  return waitFor(async () => {
    const application = (await who.request('GET', `/api/applications/${id}?minVersion=${version}`)).json().application;
    return application?.version >= version ? application : undefined;
  }, { what: `application ${id} at v${version}` });
}
