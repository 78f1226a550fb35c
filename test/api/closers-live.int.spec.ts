import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';
import { applicationAt, applied, postedJob } from './closers-setup';
import { staffTeam } from './floor-setup';

let api: Api;
let base: string;
let owen: Agent, cleo: Agent, ian: Agent, max: Agent;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  [owen, cleo, ian, max] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('ian'), api.agent('max')]);
  await staffTeam(api, 'Closers', max, []);
});
afterAll(async () => api.close());

const notifications = async (who: Agent) => (await who.request('GET', '/api/notifications')).json().notifications as { eventType: string; message: string; category: string; data: Record<string, unknown> }[];

describe('the thread between applicant and owner', () => {
  it('pages oldest first within a page, before and after a message', async () => {
    const job = await postedJob(owen);
    const id = await applied(cleo, job);
    const posted: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const who = i % 2 ? cleo : owen;
      const res = await who.request('POST', `/api/applications/${id}/messages`, { content: `Message ${i}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toMatchObject({ applicationId: id, senderId: who.id, content: `Message ${i}` });
      posted.push(res.json().message.id);
    }
    await waitFor(async () => (await cleo.request('GET', `/api/applications/${id}/messages`)).json().messages.length === 5, { what: 'five messages' });
    const newest = (await owen.request('GET', `/api/applications/${id}/messages?limit=2`)).json();
    expect(newest.messages.map((m: { content: string }) => m.content)).toEqual(['Message 4', 'Message 5']);
    expect(newest.hasMore).toBe(true);
    const before = (await owen.request('GET', `/api/applications/${id}/messages?limit=2&before=${posted[3]}`)).json();
    expect(before.messages.map((m: { content: string }) => m.content)).toEqual(['Message 2', 'Message 3']);
    const after = (await max.request('GET', `/api/applications/${id}/messages?after=${posted[2]}`)).json();
    expect(after).toMatchObject({ hasMore: false });
    expect(after.messages.map((m: { content: string }) => m.content)).toEqual(['Message 4', 'Message 5']);
    expect((await owen.request('GET', `/api/applications/${id}/messages?before=1&after=1`)).statusCode).toBe(400);
    expect((await cleo.request('POST', `/api/applications/${id}/messages`, { content: '   ' })).statusCode).toBe(400);
    expect((await cleo.request('POST', `/api/applications/${id}/messages`, { content: 'x'.repeat(4001) })).statusCode).toBe(400);
  });
});

describe('live updates and notifications', () => {
  it('sends messages and status changes over /ws to the two parties only, never a reviewer note', async () => {
    const job = await postedJob(owen, { title: 'Live job' });
    const sockets = { owen: connectSocket(base, owen.cookie), cleo: connectSocket(base, cleo.cookie), ian: connectSocket(base, ian.cookie), max: connectSocket(base, max.cookie) };
    await Promise.all(Object.values(sockets).map((s) => s.opened));
    const id = await applied(cleo, job);
    const sent = await owen.request('POST', `/api/applications/${id}/messages`, { content: 'Can you start Monday?' });
    expect(sent.statusCode).toBe(201);
    await owen.request('POST', `/api/applications/${id}/notes`, { content: 'Secret reviewer note' });
    const decided = await owen.request('POST', `/api/applications/${id}/status`, { status: 'accepted', feedback: 'Welcome', expectedVersion: 1 });
    expect(decided.statusCode).toBe(200);

    for (const party of [sockets.owen, sockets.cleo]) {
      await waitFor(() => party.received.some((m) => m.type === 'application_message' && m.message.content === 'Can you start Monday?'), { what: 'the message' });
      await waitFor(() => party.received.some((m) => m.type === 'application_status' && m.applicationId === id && m.status === 'accepted'), { what: 'the status' });
    }
    // Cleo's notifications arrive after the same projections: by then any stray message would have too.
    await waitFor(async () => (await notifications(cleo)).some((n) => n.eventType === 'application_status_changed'), { what: "Cleo's notification" });
    for (const outsider of [sockets.ian, sockets.max]) {
      expect(outsider.received.filter((m) => m.type === 'application_message' || m.type === 'application_status')).toEqual([]);
    }
    for (const s of Object.values(sockets)) {
      expect(JSON.stringify(s.received)).not.toContain('Secret reviewer note');
      s.ws.close();
    }
  });

  it('notifies the owner of a new application and a withdrawal, the applicant of a decision, each of the other\'s messages', async () => {
    const job = await postedJob(owen, { title: 'Notified job' });
    const id = await applied(cleo, job);
    await cleo.request('POST', `/api/applications/${id}/messages`, { content: 'Looking forward to it' });
    await owen.request('POST', `/api/applications/${id}/messages`, { content: 'Thanks for applying' });
    await owen.request('POST', `/api/applications/${id}/status`, { status: 'reviewing', expectedVersion: 1 });
    const application = await applicationAt(cleo, id, 2);
    await cleo.request('POST', `/api/applications/${id}/withdraw`, { expectedVersion: application.version });

    const forOwen = await waitFor(async () => {
      const list = (await notifications(owen)).filter((n) => n.data.applicationId === id);
      return list.length >= 3 ? list : undefined;
    }, { what: "Owen's notifications" });
    expect(forOwen.map((n) => [n.eventType, n.message]).sort()).toEqual([
      ['application_message', 'Cleo Agent about Notified job: "Looking forward to it"'],
      ['application_status_changed', 'Cleo Agent withdrew their application to Notified job'],
      ['job_application_received', 'Cleo Agent applied to Notified job'],
    ]);
    expect(forOwen.every((n) => n.category === 'closers')).toBe(true);
    const forCleo = await waitFor(async () => {
      const list = (await notifications(cleo)).filter((n) => n.data.applicationId === id);
      return list.length >= 2 ? list : undefined;
    }, { what: "Cleo's notifications" });
    expect(forCleo.map((n) => [n.eventType, n.message]).sort()).toEqual([
      ['application_message', 'Owen Agent about Notified job: "Thanks for applying"'],
      ['application_status_changed', 'Your application to Notified job is in review'],
    ]);
    // Nobody hears of their own doing.
    expect((await notifications(ian)).filter((n) => n.data.applicationId === id)).toEqual([]);
  });
});
