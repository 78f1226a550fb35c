import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../contracts/src/account';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead } from './floor-setup';

let api: Api;
let ann: Agent;
let bob: Agent;
beforeAll(async () => {
  api = await startApi();
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
});
afterAll(async () => api.close());

const newLead = (name: string) => ({ name, email: 'x@example.com', phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'forex' });

describe('GET /api/account/export', () => {
  it('downloads only my own records: profile, preferences, sessions without tokens, my lead events, calls, sales, notifications', async () => {
    const mine = await claimedLead(ann, 'real_estate', 'Ann Own Lead');
    expect((await ann.request('POST', '/api/calls', { leadId: mine, durationSeconds: 60, result: 'connected' })).statusCode).toBe(201);
    expect((await ann.request('POST', '/api/sales', { leadId: mine, amountCents: 500_000 })).statusCode).toBe(201);
    await ann.request('PUT', '/api/notification-preferences', { soundEnabled: false });
    // Ann adds a lead that Bob claims: her creation is hers, his claim is not; she is told of it.
    const shared = (await ann.request('POST', '/api/leads', newLead('Shared Lead'))).json().lead.id as number;
    expect((await bob.request('POST', `/api/leads/${shared}/claim`, {})).statusCode).toBe(200);
    const bobs = await claimedLead(bob, 'forex', 'Bob Own Lead');
    await bob.request('POST', '/api/calls', { leadId: bobs, durationSeconds: 30, result: 'connected' });

    const res = await waitFor(async () => {
      const r = await ann.request('GET', '/api/account/export');
      const b = r.json();
      return b.calls?.length === 1 && b.sales?.length === 1 && b.notifications?.length > 0 && b.leadEvents?.some((e: { leadId: number }) => e.leadId === mine) && r;
    }, { what: 'the export to hold the call, sale and notification' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="leadfloor-ann-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = AccountExportSchema.parse(res.json());

    expect(body.profile).toMatchObject({ id: ann.id, username: 'ann' });
    expect(body.notificationPreferences.soundEnabled).toBe(false);
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(ann.cookie.split('=')[1]);
    expect(res.body).not.toMatch(/token|passwordHash/i);

    const leadIds = new Set(body.leadEvents.map((e) => e.leadId));
    expect([...leadIds].sort()).toEqual([mine, shared].sort());
    expect(body.leadEvents.filter((e) => e.leadId === shared).map((e) => e.type)).toEqual(['LeadCreated']);
    expect(body.leadEvents.filter((e) => e.leadId === mine).map((e) => e.type)).toEqual(expect.arrayContaining(['LeadCreated', 'LeadClaimed']));
    expect(body.calls.every((c) => c.userId === ann.id)).toBe(true);
    expect(body.sales.every((s) => s.userId === ann.id)).toBe(true);
    expect(body.notifications.some((n) => n.eventType === 'lead_claimed' && n.data.leadId === shared)).toBe(true);
    expect(body.notifications.every((n) => n.id.endsWith(`:${ann.id}`))).toBe(true);
    expect(res.body).not.toContain('Bob Own Lead');
  });

  it('needs a session', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });
});
