import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FUNNEL_SLUG, seedDemoFunnel } from '../../command-service/src/seed/demo-funnel';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';
import { tokenAged } from './funnel-setup';

let api: Api;
let max: Agent;
beforeAll(async () => {
  api = await startApi();
  max = await api.agent('max');
  const teamId = await staffTeam(api, 'Closers', max, []);
  const store = createPostgresEventStore(api.pool);
  await seedDemoFunnel({
    pool: api.pool, store, handle: createCommandHandler(store), now: new Date(),
    members: [{ id: max.id, role: 'manager', teamId, username: 'max', teamIndex: 0 }],
  });
}, 120_000);
afterAll(async () => api.close());

describe("the demo floor's funnel", () => {
  it('is live at once: its opt-in page serves, and a visitor who fills the form becomes a lead of the pool', async () => {
    const landing = await waitFor(async () => {
      const res = await api.app.inject({ method: 'GET', url: `/p/${DEMO_FUNNEL_SLUG}` });
      return res.statusCode === 200 ? res : undefined;
    }, { what: 'the demo funnel to be live' });
    expect(landing.body).toContain('What is your home worth today?');
    const { rows } = await api.pool.query<{ id: number; published_version: number }>(`select id, published_version from funnels_v1 where slug = $1`, [DEMO_FUNNEL_SLUG]);
    const token = await tokenAged(api, { funnelId: rows[0]!.id, publishedVersion: rows[0]!.published_version, stepId: 1 }, 20_000);
    const res = await api.app.inject({
      method: 'POST', url: `/f/${DEMO_FUNNEL_SLUG}/submit`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _rt: token, name: 'Noor Seller', email: 'noor@example.com', city: 'Austin' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${DEMO_FUNNEL_SLUG}/thank-you`);
    expect((await api.app.inject({ method: 'GET', url: String(res.headers.location) })).body).toContain('Your valuation is on its way');
    const list = await waitFor(async () => {
      const found = (await max.request('GET', '/api/leads?search=Noor')).json().leads as { name: string; leadType: string; city: string }[];
      return found.length > 0 ? found : undefined;
    }, { what: 'the lead in the pool' });
    expect(list[0]).toMatchObject({ name: 'Noor Seller', leadType: 'real_estate', city: 'Austin' });
  });
});
