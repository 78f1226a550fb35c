import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';

let api: Api;
let ann: Agent;
let bob: Agent;
let max: Agent;
let otherManager: Agent;
let teamId: number;
beforeAll(async () => {
  api = await startApi();
  [ann, bob, max, otherManager] = [await api.agent('ann'), await api.agent('bob'), await api.agent('max'), await api.agent('olga')];
  teamId = await staffTeam(api, 'Closers', max, [ann]);
  await staffTeam(api, 'Desk', otherManager, [bob]);
});
afterAll(async () => api.close());

const record = async (who: Agent, body: Record<string, unknown>) => who.request('POST', '/api/sales', body);
const readSale = async (who: Agent, id: number, minVersion = 1) => who.request('GET', `/api/sales/${id}?minVersion=${minVersion}`);

describe('recording a sale', () => {
  it("computes the commission from the team's plan in integer cents and marks the lead sold", async () => {
    const leadId = await claimedLead(ann, 'real_estate');
    const res = await record(ann, { leadId, amountCents: 123_456, notes: 'Condo on Elm' });
    expect(res.statusCode).toBe(201);
    // $1,234.56 at the default 3 % real-estate rate: 3,703.68 cents, rounded half up to 3,704
    expect(res.json().sale).toMatchObject({
      leadId, userId: ann.id, teamId, amountCents: 123_456, commissionRate: 3, commissionRateBasisPoints: 300,
      rateSource: 'plan', commissionCents: 3_704, status: 'pending', notes: 'Condo on Elm', leadName: 'Dana Scott',
    });
    const lead = await waitFor(async () => {
      const l = (await ann.request('GET', `/api/leads/${leadId}`)).json().lead;
      return l.status === 'sold' && l;
    }, { what: 'the lead marked sold' });
    expect(lead.claimedBy).toBe(ann.id);
    const detail = (await readSale(ann, res.json().sale.id)).json();
    expect(detail.trace).toMatchObject({ rateSource: 'plan', planTeamId: null, planVersion: 0, recordedBy: ann.id });
    const { rows } = await api.pool.query(`select event_id from events where stream_id = $1 and type = 'SaleRecorded'`, [`sale-${res.json().sale.id}`]);
    expect(detail.trace.saleEventId).toBe(rows[0].event_id);
  });

  it("uses the team's plan once a manager sets it, and lets only a manager set a sale's rate", async () => {
    expect((await ann.request('PUT', '/api/commission-plan', { rates: { real_estate: 5, finance: 4, forex: 8 } })).statusCode).toBe(403);
    expect((await max.request('PUT', '/api/commission-plan', { rates: { real_estate: 2.555, finance: 4, forex: 8 } })).statusCode).toBe(400);
    const plan = await max.request('PUT', '/api/commission-plan', { rates: { real_estate: 2.5, finance: 4, forex: 8 } });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().plan).toMatchObject({ teamId, version: 1, rates: { real_estate: 2.5 } });
    await waitFor(async () => (await ann.request('GET', '/api/commission-plan')).json().version === 1);
    const leadId = await claimedLead(ann, 'real_estate');
    const sale = (await record(ann, { leadId, amountCents: 1_000_001 })).json().sale;
    expect(sale).toMatchObject({ commissionRateBasisPoints: 250, commissionCents: 25_000 });
    expect((await readSale(ann, sale.id)).json().trace).toMatchObject({ planTeamId: teamId, planVersion: 1 });
    const other = await claimedLead(ann, 'forex');
    const override = await record(ann, { leadId: other, amountCents: 10_000, commissionRate: 50 });
    expect(override.statusCode).toBe(403);
    expect(override.json()).toMatchObject({ error: 'sale.rate_manager_only' });
    const byManager = await record(max, { leadId: other, amountCents: 10_000, commissionRate: 12.5 });
    expect(byManager.json().sale).toMatchObject({ userId: ann.id, rateSource: 'manager', commissionCents: 1_250 });
  });

  it('refuses sales on leads the agent does not hold, unknown leads and bad bodies', async () => {
    const leadId = await claimedLead(ann);
    expect((await record(bob, { leadId, amountCents: 100 })).json()).toMatchObject({ status: 403, error: 'sale.not_holder' });
    expect((await record(otherManager, { leadId, amountCents: 100 })).statusCode).toBe(403);
    expect((await record(ann, { leadId: 999999, amountCents: 100 })).statusCode).toBe(404);
    expect((await record(ann, { leadId, amountCents: 0 })).statusCode).toBe(400);
    expect((await record(ann, { leadId, amountCents: 10.5 })).statusCode).toBe(400);
    expect((await record(ann, { leadId, amountCents: 100, userId: bob.id })).statusCode).toBe(400);
    const unclaimed = (await ann.request('POST', '/api/leads', { name: 'Free Lead', email: 'f@example.com', phone: '555-0102', city: 'Austin', state: 'TX', leadType: 'finance' })).json().lead.id;
    expect((await record(ann, { leadId: unclaimed, amountCents: 100 })).json()).toMatchObject({ status: 409, error: 'lead.not_claimed' });
    for (const [method, url] of [['POST', '/api/sales'], ['POST', '/api/sales/1/approve'], ['POST', '/api/sales/1/pay'], ['POST', '/api/sales/1/reject'],
      ['POST', '/api/sales/1/rate'], ['PUT', '/api/commission-plan'], ['GET', '/api/sales'], ['GET', '/api/sales/1'], ['GET', '/api/commissions'],
      ['GET', '/api/commission-plan'], ['GET', '/api/dashboard/stats']] as const) {
      expect((await api.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('commission workflow', () => {
  it('goes pending -> approved -> paid by a manager of the seller’s team; agents and other managers get 403', async () => {
    const sale = (await record(ann, { leadId: await claimedLead(ann), amountCents: 50_000 })).json().sale;
    expect((await ann.request('POST', `/api/sales/${sale.id}/approve`, {})).json()).toMatchObject({ status: 403, error: 'commission.manager_only' });
    expect((await otherManager.request('POST', `/api/sales/${sale.id}/approve`, {})).json()).toMatchObject({ status: 403, error: 'commission.not_your_team' });
    expect((await max.request('POST', `/api/sales/${sale.id}/pay`, {})).json()).toMatchObject({ status: 409, error: 'commission.not_approved' });
    expect((await max.request('POST', `/api/sales/${sale.id}/approve`, {})).json().sale.status).toBe('approved');
    expect((await max.request('POST', `/api/sales/${sale.id}/approve`, {})).statusCode).toBe(200);
    expect((await max.request('POST', `/api/sales/${sale.id}/rate`, { commissionRate: 5 })).statusCode).toBe(409);
    const paid = await max.request('POST', `/api/sales/${sale.id}/pay`);
    expect(paid.json().sale).toMatchObject({ status: 'paid' });
    expect((await max.request('POST', `/api/sales/${sale.id}/reject`, { reason: 'late' })).json()).toMatchObject({ status: 409, error: 'commission.already_paid' });
    const detail = (await readSale(ann, sale.id, paid.json().version)).json();
    expect(detail.trace.history.map((h: { type: string }) => h.type)).toEqual(['SaleRecorded', 'CommissionApproved', 'CommissionPaid']);
    expect((await max.request('POST', '/api/sales/999999/approve', {})).statusCode).toBe(404);
    expect((await max.request('POST', `/api/sales/${sale.id}/approve`, { extra: 1 })).statusCode).toBe(400);
  });

  it('re-rates a pending commission and rejects with a reason; the figures trace to each event', async () => {
    const sale = (await record(ann, { leadId: await claimedLead(ann, 'finance'), amountCents: 99_999 })).json().sale;
    const rated = await max.request('POST', `/api/sales/${sale.id}/rate`, { commissionRate: 3.33 });
    expect(rated.json().sale).toMatchObject({ commissionRateBasisPoints: 333, commissionCents: 3_330, rateSource: 'manager' });
    expect((await max.request('POST', `/api/sales/${sale.id}/reject`, { reason: '  ' })).statusCode).toBe(400);
    const rejected = await max.request('POST', `/api/sales/${sale.id}/reject`, { reason: 'Client cancelled' });
    expect(rejected.json().sale).toMatchObject({ status: 'rejected', rejectionReason: 'Client cancelled' });
    const detail = (await readSale(ann, sale.id, rejected.json().version)).json();
    expect(detail.trace.history.map((h: { summary: string }) => h.summary)).toEqual([
      'Sale of $999.99 recorded at 4% (plan version 1): commission $40.00',
      'Rate changed from 4% to 3.33%: commission $33.30',
      'Commission rejected: Client cancelled',
    ]);
  });
});

describe('reading sales and commissions', () => {
  it('lists own sales to agents and team sales to their manager; totals by status and month', async () => {
    const sales = (await ann.request('GET', '/api/sales')).json();
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((s: { userId: number }) => s.userId === ann.id)).toBe(true);
    expect((await bob.request('GET', '/api/sales')).json()).toEqual([]);
    expect((await max.request('GET', `/api/sales?userId=${ann.id}&status=paid`)).json().every((s: { status: string }) => s.status === 'paid')).toBe(true);
    expect((await bob.request('GET', `/api/sales/${sales[0].id}`)).statusCode).toBe(403);
    expect((await ann.request('GET', '/api/sales/999999')).statusCode).toBe(404);
    const totals = (await ann.request('GET', '/api/commissions?months=3')).json();
    const sum = (k: 'count' | 'amountCents') => sales.length && ['pending', 'approved', 'paid', 'rejected'].reduce((n, s) => n + totals.totals[s][k], 0);
    expect(sum('count')).toBe(sales.length);
    expect(sum('amountCents')).toBe(sales.reduce((n: number, s: { amountCents: number }) => n + s.amountCents, 0));
    expect(totals.byMonth).toHaveLength(3);
    expect(totals.byMonth[0].month).toBe(new Date().toISOString().slice(0, 7));
    expect(totals.byMonth[0].rejected.count).toBe(1);
    expect((await ann.request('GET', '/api/commissions?months=99')).statusCode).toBe(400);
    expect((await bob.request('GET', `/api/commission-plan?teamId=${teamId}`)).statusCode).toBe(403);
    expect((await max.request('GET', `/api/commission-plan?teamId=${teamId}`)).json()).toMatchObject({ teamId, version: 1 });
    expect((await ann.request('GET', '/api/sales?status=lost')).statusCode).toBe(400);
  });

  it("shows the signed-in agent's sales this month on the dashboard, not rejected ones", async () => {
    const sales = (await ann.request('GET', '/api/sales')).json() as { amountCents: number; status: string }[];
    const expected = sales.filter((s) => s.status !== 'rejected').reduce((n, s) => n + s.amountCents, 0) / 100;
    expect((await ann.request('GET', '/api/dashboard/stats')).json().stats.monthlyRevenue).toBe(expected);
    expect((await bob.request('GET', '/api/dashboard/stats')).json().stats.monthlyRevenue).toBe(0);
  });
});
