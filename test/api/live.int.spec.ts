import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';

let api: Api;
let base: string;
let ann: Agent;
let bob: Agent;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
});
afterAll(async () => api.close());

const connect = (cookie: string | null, opts: { origin?: string; query?: string } = {}) => connectSocket(base, cookie, opts);

const newLead = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'forex' });

describe('/ws', () => {
  it('refuses an upgrade without a session (401) and from another site (403)', async () => {
    await expect(connect(null).opened).rejects.toThrow('HTTP 401');
    await expect(connect(ann.cookie, { origin: 'https://evil.example' }).opened).rejects.toThrow('HTTP 403');
  });

  it('answers ping with pong', async () => {
    const s = connect(ann.cookie);
    await s.opened;
    s.ws.send(JSON.stringify({ type: 'ping', timestamp: 42 }));
    await waitFor(() => s.received.some((m) => m.type === 'pong' && m.timestamp === 42));
    s.ws.close(1000, 'Normal closure');
  });

  it("pushes a claim by Bob to Ann, who created the lead, ignoring a ?userId= naming Bob", async () => {
    const s = connect(ann.cookie, { query: `?userId=${bob.id}` });
    const spy = connect(bob.cookie);
    await Promise.all([s.opened, spy.opened]);
    const lead = (await ann.request('POST', '/api/leads', newLead('Casey'))).json().lead;
    await bob.request('POST', `/api/leads/${lead.id}/claim`, {});
    const note = await waitFor(() => s.received.find((m) => m.type === 'notification' && m.event === 'lead_claimed'));
    expect(note).toMatchObject({ title: 'Lead Claimed', message: 'Bob Agent claimed Casey', data: { leadId: lead.id } });
    await waitFor(() => s.received.some((m) => m.type === 'broadcast' && m.event === 'lead_changed'));
    expect(spy.received.filter((m) => m.type === 'notification')).toEqual([]);
    s.ws.close();
    spy.ws.close();
  });

  it('tells open call screens when a call lands in the log and again when its analysis does', async () => {
    const s = connect(bob.cookie);
    await s.opened;
    const lead = (await ann.request('POST', '/api/leads', newLead('Flynn'))).json().lead;
    await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    const logged = await ann.request('POST', '/api/calls', {
      leadId: lead.id, durationSeconds: 95, result: 'connected',
      transcript: 'Agent: Hi, my name is Ann. Is this a good time?\nCustomer: Yes, I love it, how much does it cost?',
    });
    expect(logged.statusCode).toBe(201);
    const callId: number = logged.json().call.id;
    const versionsOf = () => s.received.flatMap((m) => (m.type === 'broadcast' && m.event === 'call_changed'
      ? (m.data as { calls: { callId: number; version: number }[] }).calls.filter((c) => c.callId === callId).map((c) => c.version) : []));
    // The log's two events (started, completed), then the analysis (version 3).
    await waitFor(() => versionsOf().includes(3), { what: 'call_changed for the analysis' });
    expect((await ann.request('GET', `/api/calls/${callId}?minVersion=3`)).json().call.analytics).not.toBeNull();
    s.ws.close();
  });

  it('tells open commission screens when a sale lands in the sales model', async () => {
    const s = connect(bob.cookie);
    await s.opened;
    const lead = (await ann.request('POST', '/api/leads', newLead('Gale'))).json().lead;
    await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    const recorded = await ann.request('POST', '/api/sales', { leadId: lead.id, amountCents: 250_000 });
    expect(recorded.statusCode).toBe(201);
    const { id: saleId } = recorded.json().sale;
    await waitFor(() => s.received.some((m) => m.type === 'broadcast' && m.event === 'sale_changed'
      && (m.data as { sales: { saleId: number; version: number }[] }).sales.some((x) => x.saleId === saleId && x.version === 1)),
    { what: 'sale_changed for the recorded sale' });
    expect((await ann.request('GET', '/api/sales')).json().some((x: { id: number }) => x.id === saleId)).toBe(true);
    s.ws.close();
  });

  it('honours a preference that turns a type off', async () => {
    const put = await ann.request('PUT', '/api/notification-preferences', { leadClaimedEnabled: false });
    expect(put.json().preferences).toMatchObject({ leadClaimedEnabled: false, newLeadEnabled: true });
    const lead = (await ann.request('POST', '/api/leads', newLead('Dana'))).json().lead;
    const claim = await bob.request('POST', `/api/leads/${lead.id}/claim`, {});
    expect(claim.statusCode).toBe(200);
    // once the notifications model has passed the claim, nothing may have been made of it
    const { rows } = await api.pool.query(`select global_position from events where stream_id = $1 and type = 'LeadClaimed'`, [`lead-${lead.id}`]);
    await waitFor(async () => (await api.pool.query(
      `select 1 from checkpoints c, events e where c.name = 'notifications_v1' and e.global_position = $1
         and (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position)`, [rows[0].global_position])).rowCount === 1);
    const list = (await ann.request('GET', '/api/notifications')).json();
    expect(list.notifications.filter((n: { data: { leadId?: number } }) => n.data.leadId === lead.id)).toEqual([]);
    await ann.request('PUT', '/api/notification-preferences', { leadClaimedEnabled: true });
  });

  it('keeps notifications made while a client was away, numbered so it can resync', async () => {
    const s = connect(ann.cookie);
    await s.opened;
    s.ws.close();
    await s.closed;
    const lead = (await ann.request('POST', '/api/leads', newLead('Erin'))).json().lead;
    await bob.request('POST', `/api/leads/${lead.id}/claim`, {});
    const list = await waitFor(async () => {
      const l = (await ann.request('GET', '/api/notifications')).json();
      return l.notifications.some((n: { data: { leadId?: number } }) => n.data.leadId === lead.id) && l;
    });
    const seqs = list.notifications.map((n: { seq: number }) => n.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(list.unreadCount).toBeGreaterThan(0);
    const first = list.notifications[0];
    expect((await ann.request('POST', `/api/notifications/${first.id}/read`, {})).statusCode).toBe(200);
    expect((await bob.request('POST', `/api/notifications/${first.id}/read`, {})).statusCode).toBe(404);
    await ann.request('POST', '/api/notifications/read-all', {});
    expect((await ann.request('GET', '/api/notifications')).json().unreadCount).toBe(0);
    await ann.request('DELETE', '/api/notifications');
    expect((await ann.request('GET', '/api/notifications')).json().notifications).toEqual([]);
  });

  it('closes the sockets of a session that signed out', async () => {
    const carl = await api.agent('carl');
    const s = connect(carl.cookie);
    await s.opened;
    await carl.request('POST', '/api/auth/logout', {});
    expect((await s.closed).code).toBe(4401);
  });

  it('cuts off a client that floods the socket, and only that one', async () => {
    const flood = connect(bob.cookie);
    const calm = connect(bob.cookie);
    await Promise.all([flood.opened, calm.opened]);
    for (let i = 0; i < 40; i++) flood.ws.send(JSON.stringify({ type: 'ping', timestamp: i }));
    expect((await flood.closed).code).toBe(1008);
    calm.ws.send(JSON.stringify({ type: 'ping', timestamp: 7 }));
    await waitFor(() => calm.received.some((m) => m.type === 'pong' && m.timestamp === 7));
    calm.ws.close();
  });
});
