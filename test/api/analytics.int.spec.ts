import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

let api: Api;
let ann: Agent;
let bob: Agent;
let max: Agent;
let teamId: number;
const leads: Record<'sold' | 'lost' | 'pool' | 'bobs', number> = { sold: 0, lost: 0, pool: 0, bobs: 0 };

const create = async (who: Agent, name: string, leadType: string, source: string | null, funnel: { funnelSource?: string; funnelCampaignId?: string } = {}) => {
  const res = await who.request('POST', '/api/leads', { name, email: 'x@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType, source, ...funnel });
  expect(res.statusCode).toBe(201);
  return res.json().lead.id as number;
};
const ok = async (who: Agent, method: 'POST' | 'PATCH', url: string, body: unknown) => {
  const res = await who.request(method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const get = async (who: Agent, url: string) => {
  const res = await who.request('GET', url);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** Every row behind a figure, page after page. */
async function explained(who: Agent, url: string, limit = 2) {
  const rows: { leadId: number; revenueCents: number; durationSeconds: number | null }[] = [];
  let cursor: string | null = null;
  let first: { total: number; revenueCents: number } | undefined;
  do {
    const page = await get(who, `${url}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    first ??= page;
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return { total: first!.total, revenueCents: first!.revenueCents, rows };
}

beforeAll(async () => {
  api = await startApi();
  [ann, bob, max] = [await api.agent('ann'), await api.agent('bob'), await api.agent('max')];
  teamId = await staffTeam(api, 'Analysts', max, [ann]);
  // Ann: one lead worked to a sale through the pipeline, one lost; one left in the pool. Bob (no team): one contacted.
  // The two website leads came in through a marketing funnel's campaign; the others through none.
  const spring = { funnelSource: 'facebook', funnelCampaignId: 'spring-sale' };
  leads.sold = await create(ann, 'Sold Lead', 'real_estate', 'website', spring);
  leads.lost = await create(ann, 'Lost Lead', 'finance', 'website', spring);
  leads.pool = await create(ann, 'Pool Lead', 'forex', null);
  leads.bobs = await create(bob, 'Bobs Lead', 'real_estate', 'referral');
  for (const id of [leads.sold, leads.lost]) await ok(ann, 'POST', `/api/leads/${id}/claim`, {});
  await ok(bob, 'POST', `/api/leads/${leads.bobs}/claim`, {});
  await ok(ann, 'PATCH', `/api/leads/${leads.sold}`, { status: 'contacted' });
  await ok(ann, 'POST', '/api/calls', { leadId: leads.sold, durationSeconds: 60, result: 'connected' });
  await ok(ann, 'PATCH', `/api/leads/${leads.sold}`, { stage: 'discovery' });
  await ok(ann, 'PATCH', `/api/leads/${leads.sold}`, { status: 'qualified' });
  await ok(ann, 'PATCH', `/api/leads/${leads.sold}`, { stage: 'proposal' });
  await ok(ann, 'POST', '/api/sales', { leadId: leads.sold, amountCents: 250_000 });
  await ok(ann, 'PATCH', `/api/leads/${leads.lost}`, { status: 'lost' });
  await ok(bob, 'PATCH', `/api/leads/${leads.bobs}`, { status: 'contacted' });
  await waitFor(async () => {
    const a = await get(max, '/api/analytics/leads');
    return a.funnel[4].count === 1 && a.lost === 1 && a.funnel[2].count === 2 && a.revenueCents === 250_000 && a.stageTimes[1].count === 1;
  }, { what: 'the analytics read model to catch up' });
});
afterAll(async () => api.close());

describe('lead analytics', () => {
  it('gives a manager the floor: the status funnel with conversions, win rates, durations, stage times and cohorts', async () => {
    const a = await get(max, '/api/analytics/leads');
    expect(a.scope).toBe('floor');
    expect(a.funnel).toEqual([
      { step: 'created', count: 4, conversionPercent: null },
      { step: 'claimed', count: 3, conversionPercent: 75 },
      { step: 'contacted', count: 2, conversionPercent: 66.7 },
      { step: 'qualified', count: 1, conversionPercent: 50 },
      { step: 'sold', count: 1, conversionPercent: 100 },
    ]);
    expect(a.winRateBySource).toEqual(expect.arrayContaining([
      { source: 'website', sold: 1, lost: 1, winRate: 50 }, { source: 'referral', sold: 0, lost: 0, winRate: null },
      { source: null, sold: 0, lost: 0, winRate: null },
    ]));
    expect(a.winRateByType).toEqual([
      { leadType: 'real_estate', sold: 1, lost: 0, winRate: 100 }, { leadType: 'finance', sold: 0, lost: 1, winRate: 0 },
      { leadType: 'forex', sold: 0, lost: 0, winRate: null },
    ]);
    expect(a.timeToClaim.count).toBe(3);
    expect(a.timeToClaim.medianSeconds).toBeGreaterThanOrEqual(0);
    expect(a.timeToFirstContact.count).toBe(2);
    expect(a.stageTimes.map((s: { stage: string; count: number; current: number }) => [s.stage, s.count, s.current])).toEqual([
      ['new', 1, 3], ['discovery', 1, 0], ['proposal', 0, 1], ['negotiation', 0, 0], ['closed', 0, 0],
    ]);
    expect(a.cohorts).toHaveLength(1);
    expect(a.cohorts[0]).toMatchObject({ created: 4, claimed: 3, contacted: 2, qualified: 1, sold: 1, lost: 1, revenueCents: 250_000 });
  });

  it('explains every figure with the leads behind it, page by page, adding up to the figure', async () => {
    const a = await get(max, '/api/analytics/leads');
    for (const [i, figure] of ['created', 'claimed', 'contacted', 'qualified', 'sold'].entries()) {
      const e = await explained(max, `/api/analytics/leads/explain?figure=${figure}`);
      expect(e.rows).toHaveLength(a.funnel[i].count);
      expect(e.total).toBe(a.funnel[i].count);
    }
    const sold = await explained(max, '/api/analytics/leads/explain?figure=sold');
    expect(sold.rows.map((r) => r.leadId)).toEqual([leads.sold]);
    expect(sold.rows.reduce((n, r) => n + r.revenueCents, 0)).toBe(a.revenueCents);
    expect(sold.revenueCents).toBe(a.revenueCents);
    expect((await explained(max, '/api/analytics/leads/explain?figure=lost')).rows.map((r) => r.leadId)).toEqual([leads.lost]);
    const claim = await explained(max, '/api/analytics/leads/explain?figure=timeToClaim', 1);
    expect(claim.rows).toHaveLength(a.timeToClaim.count);
    expect(claim.rows.every((r) => r.durationSeconds !== null && r.durationSeconds >= 0)).toBe(true);
    const stays = await explained(max, '/api/analytics/leads/explain?figure=stage&stage=new', 1);
    expect(stays.total).toBe(a.stageTimes[0].count + a.stageTimes[0].current);
    expect(stays.rows).toHaveLength(stays.total);
    // a win rate's parts: the sold and lost leads of the source
    const web = await explained(max, '/api/analytics/leads/explain?figure=lost&source=website');
    expect(web.rows.map((r) => r.leadId)).toEqual([leads.lost]);
  });

  it('filters by lead type, source, team, agent and creation range', async () => {
    expect((await get(max, '/api/analytics/leads?leadType=finance')).funnel[0].count).toBe(1);
    expect((await get(max, '/api/analytics/leads?source=none')).funnel[0].count).toBe(1);
    expect((await get(max, '/api/analytics/leads?source=referral')).funnel.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 0, 0]);
    expect((await get(max, `/api/analytics/leads?teamId=${teamId}`)).funnel[0].count).toBe(2);
    expect((await get(max, `/api/analytics/leads?agentId=${bob.id}`)).funnel[0].count).toBe(1);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await get(max, `/api/analytics/leads?from=${encodeURIComponent(future)}`)).funnel[0].count).toBe(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await get(max, `/api/analytics/leads?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)).funnel[0].count).toBe(4);
  });

  it('scopes an agent to the leads they work and refuses other teams and people', async () => {
    const mine = await get(ann, '/api/analytics/leads');
    expect(mine.scope).toBe('own');
    expect(mine.funnel[0].count).toBe(2);
    expect((await get(ann, `/api/analytics/leads?teamId=${teamId}`)).funnel[0].count).toBe(2);
    const team = await bob.request('GET', `/api/analytics/leads?teamId=${teamId}`);
    expect(team.statusCode).toBe(403);
    expect(team.json()).toMatchObject({ error: 'analytics.team_forbidden' });
    expect((await ann.request('GET', `/api/analytics/agents?agentId=${bob.id}`)).statusCode).toBe(403);
    expect((await ann.request('GET', `/api/analytics/leads/explain?figure=created&agentId=${bob.id}`)).statusCode).toBe(403);
    const explainMine = await explained(ann, '/api/analytics/leads/explain?figure=created');
    expect(explainMine.rows.map((r) => r.leadId).sort()).toEqual([leads.sold, leads.lost].sort());
    expect((await api.app.inject({ method: 'GET', url: '/api/analytics/leads' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    for (const url of [
      '/api/analytics/leads?leadType=boats', '/api/analytics/leads?from=yesterday', '/api/analytics/leads?extra=1',
      '/api/analytics/leads/explain?figure=stage', '/api/analytics/leads/explain?figure=created&cursor=abc',
      '/api/analytics/leads/explain?figure=created&cursor=99999999999', '/api/analytics/agents?limit=0', '/api/analytics/funnel?teamId=-1',
      '/api/dashboard/stats/explain?metric=profit', '/api/dashboard/stats/explain',
    ]) expect((await max.request('GET', url)).statusCode, url).toBe(400);
  });
});

describe('agent analytics', () => {
  it('lists each agent with their funnel, win rate and revenue, keyset-paged', async () => {
    const first = await get(max, '/api/analytics/agents?limit=1');
    expect(first.agents).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await get(max, `/api/analytics/agents?limit=1&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const rows = [...first.agents, ...second.agents];
    expect(rows).toEqual([
      expect.objectContaining({ userId: ann.id, fullName: 'Ann Agent', teamId, teamName: 'Analysts', leads: 2, contacted: 1, sold: 1, lost: 1, winRate: 50, revenueCents: 250_000 }),
      expect.objectContaining({ userId: bob.id, teamId: null, leads: 1, contacted: 1, sold: 0, winRate: null, revenueCents: 0 }),
    ]);
    const own = await get(bob, '/api/analytics/agents');
    expect(own.agents.map((r: { userId: number }) => r.userId)).toEqual([bob.id]);
  });
});

describe('funnel analytics', () => {
  it('groups by funnel source and campaign, with no cost until spend is recorded, then the cost per sold lead', async () => {
    const before = await get(max, '/api/analytics/funnel');
    const facebook = before.rows.find((r: { funnelSource: string | null }) => r.funnelSource === 'facebook');
    expect(facebook).toMatchObject({ campaignId: 'spring-sale', leads: 2, sold: 1, lost: 1, revenueCents: 250_000, spendCents: null, costPerSoldCents: null });
    expect(before.totals).toMatchObject({ leads: 4, sold: 1, revenueCents: 250_000, spendCents: null, costPerSoldCents: null });
    await api.pool.query(`insert into campaign_spend (funnel_source, campaign_id, day, platform, spend_cents) values
      ('facebook', 'spring-sale', current_date, 'meta_ads', 30000), ('facebook', 'spring-sale', current_date - 1, 'meta_ads', 20000)`);
    const after = await get(max, '/api/analytics/funnel');
    expect(after.rows.find((r: { funnelSource: string | null }) => r.funnelSource === 'facebook')).toMatchObject({ spendCents: 50_000, costPerSoldCents: 50_000 });
    expect(after.rows.find((r: { funnelSource: string | null }) => r.funnelSource === null)).toMatchObject({ campaignId: null, leads: 2, spendCents: null, costPerSoldCents: null });
    expect(after.totals).toMatchObject({ spendCents: 50_000, costPerSoldCents: 50_000 });
    // an agent sees their own leads' funnel and never the floor's spend
    const mine = await get(ann, '/api/analytics/funnel');
    expect(mine.totals).toMatchObject({ leads: 2, spendCents: null });
    const paged = await get(max, '/api/analytics/funnel?limit=1');
    expect(paged.rows).toHaveLength(1);
    const rest = await get(max, `/api/analytics/funnel?limit=10&cursor=${encodeURIComponent(paged.nextCursor)}`);
    expect([...paged.rows, ...rest.rows]).toEqual(after.rows);
  });

  it('filters and explains by funnel source and campaign, and the pool shows and filters them too', async () => {
    expect((await get(max, '/api/analytics/leads?funnelSource=facebook')).funnel[0].count).toBe(2);
    expect((await get(max, '/api/analytics/leads?funnelSource=none')).funnel[0].count).toBe(2);
    expect((await get(max, '/api/analytics/leads?funnelSource=facebook&campaign=spring-sale')).funnel[4].count).toBe(1);
    const sold = await explained(max, '/api/analytics/leads/explain?figure=sold&funnelSource=facebook&campaign=spring-sale');
    expect(sold.rows.map((r) => r.leadId)).toEqual([leads.sold]);
    const pool = await get(max, '/api/leads?funnelSource=facebook&limit=10');
    expect(pool.leads.map((l: { id: number }) => l.id).sort()).toEqual([leads.sold, leads.lost].sort());
    expect(pool.leads[0]).toMatchObject({ funnelSource: 'facebook', funnelCampaignId: 'spring-sale' });
    const none = await get(max, '/api/leads?funnelCampaignId=none&limit=500');
    expect(none.leads.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([leads.pool, leads.bobs]));
    expect(none.leads.map((l: { id: number }) => l.id)).not.toContain(leads.sold);
    expect((await get(max, `/api/leads/${leads.pool}`)).lead).toMatchObject({ funnelSource: null, funnelCampaignId: null });
  });
});

describe('dashboard stats explained', () => {
  it('answers, for each of the four stats, rows whose count or sum is the figure', async () => {
    const { stats } = await get(ann, '/api/dashboard/stats');
    for (const metric of ['monthlyRevenue', 'activeLeadsCount', 'callsThisWeek', 'conversionRate'] as const) {
      const rows: { amountCents: number | null; counted: boolean; leadId: number }[] = [];
      let cursor: string | null = null;
      let figure = 0;
      do {
        const page = await get(ann, `/api/dashboard/stats/explain?metric=${metric}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        figure = page.figure;
        rows.push(...page.rows);
        cursor = page.nextCursor;
      } while (cursor);
      expect(figure, metric).toBe(stats[metric]);
      if (metric === 'monthlyRevenue') expect(rows.reduce((n, r) => n + r.amountCents!, 0) / 100).toBe(stats.monthlyRevenue);
      else if (metric === 'conversionRate') expect(Math.round((rows.filter((r) => r.counted).length / rows.length) * 1000) / 10).toBe(stats.conversionRate);
      else expect(rows.length, metric).toBe(stats[metric]);
    }
    expect(stats).toMatchObject({ monthlyRevenue: 2500, activeLeadsCount: 0, callsThisWeek: 1, conversionRate: 50 });
  });
});
