import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';
import { publishedFunnel, tokenAged } from './funnel-setup';

let api: Api;
let max: Agent; // a manager
let ann: Agent; // the funnel's owner, who also works its lead
let bob: Agent; // an agent with no funnel
beforeAll(async () => {
  api = await startApi();
  [max, ann, bob] = [await api.agent('max'), await api.agent('ann'), await api.agent('bob')];
  await staffTeam(api, 'Closers', max, [ann, bob]);
}, 120_000);
afterAll(async () => api.close());

describe('funnel analytics', () => {
  it('counts visits, unique visitors, submissions, leads, sales and revenue per funnel, step and variant', async () => {
    const f = await publishedFunnel(api, ann, 'Measured');
    const visit = (cookie?: string) => api.app.inject({ method: 'GET', url: `/p/${f.slug}`, headers: cookie ? { cookie } : {} });
    const first = await visit();
    const cookie = String(first.headers['set-cookie']).match(/lf_vid=[^;]+/)![0];
    await visit(cookie);
    await visit();
    await api.app.inject({ method: 'GET', url: `/p/${f.slug}/thanks`, headers: { cookie } });
    const token = await tokenAged(api, { funnelId: f.funnelId, publishedVersion: f.publishedVersion, stepId: f.optIn }, 20_000);
    const sent = await api.app.inject({
      method: 'POST', url: `/f/${f.slug}/submit`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ _rt: token, name: 'Mia Buyer', email: 'mia@example.com' }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    const { rows } = await api.pool.query<{ lead_id: number }>('select lead_id from funnel_submissions where email = $1', ['mia@example.com']);
    const leadId = rows[0]!.lead_id;
    await waitFor(async () => (await ann.request('GET', `/api/leads/${leadId}`)).json().lead, { what: 'the lead in the pool' });
    expect((await ann.request('PATCH', `/api/leads/${leadId}`, { status: 'claimed' })).statusCode).toBe(200);
    expect((await ann.request('POST', '/api/sales', { leadId, amountCents: 250_000 })).statusCode).toBe(201);

    const report = await waitFor(async () => {
      const res = await ann.request('GET', `/api/funnel-analytics?funnelId=${f.funnelId}`);
      const row = res.json().funnels?.[0];
      return row?.sales === 1 ? row : undefined;
    }, { what: 'the sale in the funnel report' });
    expect(report).toMatchObject({ funnelId: f.funnelId, visits: 4, uniqueVisitors: 2, submissions: 1, leads: 1, sales: 1, revenueCents: 250_000, conversionPercent: 50 });
    expect(report.steps[0]).toMatchObject({
      stepId: f.optIn, visits: 3, uniqueVisitors: 2, submissions: 1, leads: 1, revenueCents: 250_000,
      variants: [{ variant: 'A', visits: 3, uniqueVisitors: 2 }], splitTest: null,
    });
    expect(report.steps[1]).toMatchObject({ stepId: f.thanks, visits: 1, uniqueVisitors: 1, submissions: 0 });
    // Another agent reads only their own funnels; a manager reads every one.
    expect((await bob.request('GET', `/api/funnel-analytics?funnelId=${f.funnelId}`)).json().funnels).toEqual([]);
    expect((await max.request('GET', `/api/funnel-analytics?funnelId=${f.funnelId}`)).json().funnels).toHaveLength(1);
    expect((await max.request('GET', '/api/funnel-analytics?from=2026-05-02&to=2026-05-01')).statusCode).toBe(400);
  });
});
