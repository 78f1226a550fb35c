import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SocketMessage } from '../../contracts/src/socket-messages';
import { createSessionStore } from '../../infra/src/auth/sessions';
import { createLivePublisher, subscribeLive } from '../../infra/src/live/redis-bus';
import { createPool } from '../../infra/src/postgres/pool';
import { buildApp } from '../../query-service/src/app';
import { createSocketHub } from '../../query-service/src/live/socket-hub';
import { startApi, type Api } from '../api-harness';
import { createTestDatabase } from '../db';
import { waitFor } from '../wait-for';

// The distributed form's fan-out: one notifier publishes to Redis, two gateway replicas each
// deliver to their own sockets.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `leadfloor:test:${randomUUID()}`;
const closers: (() => Promise<unknown>)[] = [];
let api: Api;
const replicaUrls: string[] = [];
let dbUrl = '';

/** A gateway replica on the shared database, delivering what Redis brings to its own sockets. */
async function startReplica() {
  const pool = createPool(dbUrl, { max: 4 });
  const sessions = createSessionStore(pool);
  const hub = createSocketHub({ sessionAlive: async (t) => (await sessions.resolve(t)) !== null });
  const sub = subscribeLive<SocketMessage>(redisUrl, hub.deliver, channel);
  await sub.subscribed.catch((err: Error) => {
    throw new Error(`Redis not reachable at ${redisUrl} (REDIS_URL): ${err.message}. Run \`npm test\`, which starts it, `
      + 'or start one yourself (redis-server) and point REDIS_URL at it');
  });
  const app = await buildApp({ pool, hub, secureCookies: false, bodyLimit: 65536, checks: {}, writes: { kind: 'in-process', register: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => { hub.close(); await app.close(); await sub.close(); await pool.end(); };
  return { url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`, http: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close };
}

beforeAll(async () => {
  const db = await createTestDatabase();
  closers.push(() => db.drop());
  const publisher = createLivePublisher<SocketMessage>(redisUrl, channel);
  closers.push(() => publisher.close());
  api = await startApi({ databaseUrl: db.url, publish: publisher.publish });
  closers.push(() => api.close());
  dbUrl = db.url;
  for (let i = 0; i < 2; i++) {
    const replica = await startReplica();
    replicaUrls.push(replica.url);
    closers.push(replica.close);
  }
}, 60_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

it('delivers a notification through Redis to the user on both gateway replicas', async () => {
  const [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
  const inboxes = await Promise.all(replicaUrls.map((url) => new Promise<SocketMessage[]>((resolve, reject) => {
    const got: SocketMessage[] = [];
    const ws = new WebSocket(url, { headers: { cookie: ann.cookie } });
    ws.on('message', (d) => got.push(JSON.parse(String(d))));
    ws.once('open', () => resolve(got));
    ws.once('error', reject);
    closers.push(async () => ws.close());
  })));
  const lead = (await ann.request('POST', '/api/leads', { name: 'Robin', email: 'robin@example.com', phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'finance' })).json().lead;
  await bob.request('POST', `/api/leads/${lead.id}/claim`, {});
  for (const inbox of inboxes) {
    await waitFor(() => inbox.some((m) => m.type === 'notification' && m.event === 'lead_claimed' && m.data.leadId === lead.id));
  }
});

it('lets a client of a restarted gateway resync without losing a notification', async () => {
  const [cam, dee] = [await api.agent('cam'), await api.agent('dee')];
  const newLead = (name: string) => ({ name, email: `${name}@example.com`, phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'forex' });
  let gateway = await startReplica();
  const open = (url: string) => new Promise<{ ws: WebSocket; got: SocketMessage[]; closed: Promise<number> }>((resolve, reject) => {
    const got: SocketMessage[] = [];
    const ws = new WebSocket(url, { headers: { cookie: cam.cookie } });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (d) => got.push(JSON.parse(String(d))));
    ws.once('open', () => resolve({ ws, got, closed }));
    ws.once('error', reject);
  });
  let client = await open(gateway.url);
  const first = (await cam.request('POST', '/api/leads', newLead('first'))).json().lead;
  await dee.request('POST', `/api/leads/${first.id}/claim`, {});
  const before = await waitFor(() => client.got.find((m) => m.type === 'notification' && m.data.leadId === first.id));
  const lastSeen = before.type === 'notification' ? before.position : -1;

  // the gateway restarts: its clients are told 1001 and come back to the new one
  await gateway.close();
  expect(await client.closed).toBe(1001);
  const missed = (await cam.request('POST', '/api/leads', newLead('missed'))).json().lead;
  await dee.request('POST', `/api/leads/${missed.id}/claim`, {});
  gateway = await startReplica();
  closers.push(gateway.close);
  client = await open(gateway.url);
  closers.push(async () => client.ws.close());
  // on reconnect the console refetches everything after the last position it saw
  const list = await waitFor(async () => {
    const res = await fetch(`${gateway.http}/api/notifications`, { headers: { cookie: cam.cookie } });
    const body = await res.json() as { notifications: { seq: number; data: { leadId?: number } }[] };
    return body.notifications.some((n) => n.data.leadId === missed.id) && body;
  });
  const after = list.notifications.filter((n) => n.seq > lastSeen).map((n) => n.seq).sort((a, b) => a - b);
  expect(after[0]).toBe(lastSeen + 1);
  expect(list.notifications.find((n) => n.data.leadId === missed.id)).toBeDefined();
});
