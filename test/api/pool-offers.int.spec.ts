import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferExpiryJob, sweepOfferTimers } from '../../command-service/src/pool-distribution/offer-timers';
import { createPoolPolicyReader } from '../../command-service/src/pool-policy/policy-reader';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createJobs, type Jobs } from '../../infra/src/jobs/job-queue';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

// Round-robin and weighted offers through the whole app: agents are present through real /ws
// sockets on the gateway, the offers' process manager offers from the log, the timers fire as
// jobs, and the read models follow.

let api: Api;
let base: string;
let jobs: Jobs;
let max: Agent;
let ann: Agent;
let bob: Agent;
let cat: Agent;
const sockets: ReturnType<typeof connectSocket>[] = [];
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  jobs = createJobs({ databaseUrl: api.url });
  [max, ann, bob, cat] = [await api.agent('max'), await api.agent('ann'), await api.agent('bob'), await api.agent('cat')];
  await staffTeam(api, 'Closers', max, [ann, bob, cat]);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await jobs.close();
  await api.close();
});

const rules = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 0, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5 };
const setPolicy = async (body: Record<string, unknown>) => {
  const res = await max.request('PUT', '/api/pool-policy', { ...rules, ...body });
  expect(res.statusCode).toBe(200);
  await waitFor(async () => (await max.request('GET', '/api/pool-policy')).json().version >= res.json().version, { what: 'the policy read model' });
};
const online = async (who: Agent) => {
  const s = connectSocket(base, who.cookie);
  sockets.push(s);
  await s.opened;
  await waitFor(async () => (await who.request('GET', '/api/me/availability')).json().present, { what: 'presence' });
  return s;
};
const offline = async (s: ReturnType<typeof connectSocket>, who: Agent) => {
  s.ws.close();
  await waitFor(async () => !(await who.request('GET', '/api/me/availability')).json().present, { what: 'absence' });
};
const newLead = async (name: string) =>
  (await max.request('POST', '/api/leads', { name, email: 'x@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'forex' })).json().lead.id as number;
const eventsOf = async (leadId: number, ...types: string[]) =>
  (await api.pool.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from events where stream_id = $1 and type = any($2) order by stream_version', [`lead-${leadId}`, types])).rows;
const offeredTo = async (leadId: number, count = 1) => {
  const offers = await waitFor(async () => {
    const e = await eventsOf(leadId, 'LeadOffered');
    return e.length >= count && e;
  }, { timeoutMs: 30_000, what: `offer ${count} of lead ${leadId}` });
  return offers[count - 1]!.data.userId as number;
};
const byId = (id: number) => [ann, bob, cat].find((a) => a.id === id)!;
const myOffers = async (who: Agent) => (await who.request('GET', '/api/pool/offers/mine')).json().offers as { leadId: number; expiresAt: string }[];

describe('availability', () => {
  it('is available by default, away when the agent says so, and present only while a console is connected', async () => {
    expect((await cat.request('GET', '/api/me/availability')).json()).toMatchObject({ status: 'available', present: false, receivesOffers: false });
    const s = await online(cat);
    expect((await cat.request('PUT', '/api/me/availability', { status: 'away' })).json()).toMatchObject({ status: 'away' });
    expect((await cat.request('GET', '/api/me/availability')).json()).toMatchObject({ status: 'away', present: true, receivesOffers: false });
    expect((await cat.request('PUT', '/api/me/availability', { status: 'busy' })).statusCode).toBe(400);
    expect((await cat.request('PUT', '/api/me/availability', { status: 'available', userId: ann.id })).statusCode).toBe(400);
    await cat.request('PUT', '/api/me/availability', { status: 'available' });
    await offline(s, cat);
  });
});

describe('round-robin offers', () => {
  it('offers a new lead to one present agent; others cannot claim it; a pass moves it on; the claim accepts it', async () => {
    await setPolicy({ distribution: 'round_robin' });
    await Promise.all([online(ann), online(bob)]);
    expect((await ann.request('GET', '/api/me/availability')).json()).toMatchObject({ receivesOffers: true, distribution: 'round_robin' });
    const id = await newLead('Offered Lead');
    const first = byId(await offeredTo(id));
    const other = first.id === ann.id ? bob : ann;
    // Never to the absent agent, and nobody else may claim it meanwhile.
    const refused = await other.request('POST', `/api/leads/${id}/claim`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'lead.offered', details: { expiresAt: expect.any(String) } });
    expect((await cat.request('POST', `/api/leads/${id}/claim`, {})).json().code).toBe('lead.offered');
    expect((await other.request('POST', `/api/leads/${id}/offer/pass`, {})).statusCode).toBe(403);
    await waitFor(async () => (await myOffers(first)).some((o) => o.leadId === id), { what: 'the offer in the offered agent\'s list' });
    const note = await waitFor(async () => (await first.request('GET', '/api/notifications')).json().notifications
      .find((n: { eventType: string; data: { leadId: number } }) => n.eventType === 'lead_offered' && n.data.leadId === id));
    expect(note).toMatchObject({ title: 'New Lead Offered', message: expect.stringContaining('Offered Lead') });

    expect((await first.request('POST', `/api/leads/${id}/offer/pass`, {})).statusCode).toBe(200);
    expect(await offeredTo(id, 2)).toBe(other.id);
    const accepted = await other.request('POST', `/api/leads/${id}/offer/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().lead).toMatchObject({ status: 'claimed', claimedBy: other.id, offer: null });
    expect((await eventsOf(id, 'LeadOffered', 'LeadOfferPassed', 'LeadOfferAccepted', 'LeadClaimed')).map((e) => e.type))
      .toEqual(['LeadOffered', 'LeadOfferPassed', 'LeadOffered', 'LeadOfferAccepted', 'LeadClaimed']);
  }, 60_000);

  it('takes turns: over a run of new leads the present agents get equal shares, and an agent who is away gets none', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await newLead(`Turn ${i}`));
    const to = await Promise.all(ids.map((id) => offeredTo(id)));
    const counts = [ann, bob].map((a) => to.filter((u) => u === a.id).length);
    expect(Math.abs(counts[0]! - counts[1]!)).toBeLessThanOrEqual(1);
    expect(to).not.toContain(cat.id);
    await ann.request('PUT', '/api/me/availability', { status: 'away' });
    const next = await newLead('Only Bob');
    expect(await offeredTo(next)).toBe(bob.id);
    await ann.request('PUT', '/api/me/availability', { status: 'available' });
  }, 60_000);

  it('moves an unanswered offer on when it expires, and leaves the lead open to all once everyone was offered it', async () => {
    await setPolicy({ distribution: 'round_robin', offerTimeoutMinutes: 0.05 });
    const id = await newLead('Nobody Answers');
    const first = await offeredTo(id);
    const second = await offeredTo(id, 2);
    expect(second).not.toBe(first);
    await waitFor(async () => (await eventsOf(id, 'LeadOfferExpired')).length === 2, { timeoutMs: 30_000, what: 'the second expiry' });
    // Both present agents were offered it: it stays in the pool, first come.
    const claim = await cat.request('POST', `/api/leads/${id}/claim`, {});
    expect(claim.statusCode).toBe(200);
    expect((await eventsOf(id, 'LeadOffered'))).toHaveLength(2);
  }, 60_000);

  it('lets a manager move an offer on to the next agent (assign-next), and no one else', async () => {
    await setPolicy({ distribution: 'round_robin', offerTimeoutMinutes: 5 });
    const id = await newLead('Pushed On');
    const first = await offeredTo(id);
    expect((await ann.request('POST', `/api/leads/${id}/assign-next`, {})).statusCode).toBe(403);
    const moved = await max.request('POST', `/api/leads/${id}/assign-next`, {});
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offeredTo.id).not.toBe(first);
    expect(moved.json().lead.offer).toMatchObject({ userId: moved.json().offeredTo.id });
    const passed = await eventsOf(id, 'LeadOfferPassed');
    expect(passed.at(-1)!.data).toMatchObject({ userId: first, passedBy: max.id });
    // Both present agents have had it now.
    const none = await max.request('POST', `/api/leads/${id}/assign-next`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('distribution.no_agent');
    expect((await max.request('POST', '/api/leads/999999/assign-next', {})).statusCode).toBe(404);
  }, 60_000);

  it('sets a lost expiry timer again on reconciling (a restart), and the offer still expires once', async () => {
    await setPolicy({ distribution: 'round_robin', offerTimeoutMinutes: 0.1 });
    const id = await newLead('Lost Timer');
    const first = await offeredTo(id);
    const offer = await waitFor(async () => (await api.pool.query<{ offered_at: Date }>(
      'select offered_at from lead_distribution_v1 where id = $1 and offered_to = $2', [id, first])).rows[0], { what: 'the offer in the read model' });
    const jobId = `offer-expiry-${id}-${offer.offered_at.getTime()}`;
    await waitFor(async () => (await jobs.queue(OfferExpiryJob).status(jobId)) !== undefined, { what: 'the expiry timer' });
    expect(await jobs.queue(OfferExpiryJob).remove(jobId)).toBe(true);
    const store = createPostgresEventStore(api.pool);
    await sweepOfferTimers({
      pool: api.pool, store, handle: createCommandHandler(store), jobs, policies: createPoolPolicyReader(store), now: () => new Date(),
    }, new Date(Date.now() + 60_000));
    expect(await jobs.queue(OfferExpiryJob).status(jobId)).toBeDefined();
    await waitFor(async () => (await jobs.queue(OfferExpiryJob).status(jobId))?.state === 'completed', { timeoutMs: 30_000, what: 'the timer to fire' });
    // A second pass after it fired changes nothing either.
    await sweepOfferTimers({
      pool: api.pool, store, handle: createCommandHandler(store), jobs, policies: createPoolPolicyReader(store), now: () => new Date(),
    }, new Date(Date.now() + 60_000));
    await waitFor(async () => (await eventsOf(id, 'LeadOffered')).length >= 2, { timeoutMs: 30_000, what: 'the offer to move on' });
    expect((await eventsOf(id, 'LeadOfferExpired')).filter((e) => e.data.userId === first)).toHaveLength(1);
    await setPolicy({ distribution: 'first_come' });
  }, 60_000);
});

describe('drip release', () => {
  it('holds bulk-created leads back at the drip rate: managers see them, agents do not, nobody claims them early', async () => {
    await setPolicy({ distribution: 'first_come', dripPerHour: 360 });
    const bulk = await max.request('POST', '/api/leads/bulk', {
      leads: [1, 2, 3].map((i) => ({ name: `Drip ${i}`, email: `drip${i}@example.com`, phone: '555-0102', city: 'Austin', state: 'TX', leadType: 'finance' })),
    });
    expect(bulk.statusCode).toBe(201);
    const made = bulk.json().leads as { id: number; releaseAt: string }[];
    expect(made.map((l) => Date.parse(l.releaseAt) - Date.parse(made[0]!.releaseAt))).toEqual([0, 10_000, 20_000]);
    expect((await ann.request('POST', '/api/leads/bulk', { leads: [] })).statusCode).toBe(400);
    expect((await ann.request('POST', '/api/leads/bulk', { leads: [{ name: 'X', email: 'x@example.com', phone: '555-0102', city: 'A', state: 'B', leadType: 'finance' }] })).statusCode).toBe(403);
    const last = made[2]!;
    // The last one is still held: the manager sees it with its instant; the agent does not at all.
    await waitFor(async () => (await max.request('GET', `/api/leads/${last.id}`)).statusCode === 200, { what: 'the read model' });
    expect((await max.request('GET', `/api/leads/${last.id}`)).json().lead.releaseAt).toBe(last.releaseAt);
    const early = await ann.request('POST', `/api/leads/${last.id}/claim`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'lead.not_released', details: { releaseAt: last.releaseAt } });
    expect((await ann.request('GET', `/api/leads/${last.id}`)).statusCode).toBe(404);
    expect((await ann.request('GET', '/api/leads?search=Drip%203')).json().leads).toEqual([]);
    expect((await max.request('GET', '/api/leads?search=Drip%203')).json().leads).toHaveLength(1);
    for (const l of made) {
      await waitFor(async () => (await eventsOf(l.id, 'LeadDripReleased')).length === 1, { timeoutMs: 30_000, what: `the release of lead ${l.id}` });
    }
    await waitFor(async () => (await ann.request('GET', '/api/leads?search=Drip')).json().leads.length === 3, { what: 'the agent to see them' });
    const released = await eventsOf(last.id, 'LeadDripReleased');
    expect(Date.parse(released[0]!.data.at as string)).toBeGreaterThanOrEqual(Date.parse(last.releaseAt));
    await setPolicy({ dripPerHour: null });
  }, 60_000);
});

describe('offers by team', () => {
  it("offers a lead of the type a team works among that team's people, under its own rules", async () => {
    const [mia, dan] = [await api.agent('mia'), await api.agent('dan')];
    const teamId = await staffTeam(api, 'Finance Desk', mia, [dan], 'finance');
    await setPolicy({ distribution: 'first_come' });
    const put = await mia.request('PUT', '/api/pool-policy', { ...rules, teamId, distribution: 'round_robin' });
    expect(put.statusCode).toBe(200);
    await waitFor(async () => (await max.request('GET', '/api/pool-policy')).json().version >= put.json().version, { what: 'the policy read model' });
    await online(dan);
    const finance = (await max.request('POST', '/api/leads', { name: 'Team Lead', email: 'f@example.com', phone: '555-0103', city: 'Austin', state: 'TX', leadType: 'finance' })).json().lead.id as number;
    expect(await offeredTo(finance)).toBe(dan.id);
    // A type no team works follows the floor's rules: first come, no offer.
    const forex = await newLead('Floor Lead');
    await waitFor(async () => (await api.pool.query(
      `select 1 from checkpoints c, events e where c.name = 'lead_offers_v1' and e.stream_id = $1 and e.type = 'LeadCreated'
         and (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position)`, [`lead-${forex}`])).rowCount! > 0,
    { what: 'the offers process manager to read past the new lead' });
    expect(await eventsOf(forex, 'LeadOffered')).toEqual([]);
    expect((await mia.request('DELETE', `/api/pool-policy/teams/${teamId}`)).statusCode).toBe(200);
  }, 60_000);
});

describe('pool report', () => {
  it('reports the period from the read models, for managers only', async () => {
    const first = await max.request('GET', '/api/pool/report');
    expect(first.statusCode, first.body).toBe(200);
    const report = await waitFor(async () => {
      const r = (await max.request('GET', '/api/pool/report')).json();
      return r.timeToClaim?.count >= 2 && r;
    }, { what: 'claims in the report' });
    expect(report.leadsEntered).toBeGreaterThanOrEqual(10);
    expect(report.timeToClaim.medianMs).toBeGreaterThanOrEqual(0);
    expect(report.timeToClaim.p90Ms).toBeGreaterThanOrEqual(report.timeToClaim.medianMs);
    const claims = report.claimsPerAgent.reduce((n: number, a: { claims: number }) => n + a.claims, 0);
    expect(claims).toBeGreaterThanOrEqual(2);
    expect(report.conversionByDistribution.find((m: { distribution: string }) => m.distribution === 'round_robin').claimed).toBeGreaterThanOrEqual(1);
    expect(report.heldPastPolicy).toBeNull();
    expect((await ann.request('GET', '/api/pool/report')).statusCode).toBe(403);
    expect((await max.request('GET', '/api/pool/report?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z')).statusCode).toBe(400);
    const empty = (await max.request('GET', '/api/pool/report?from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z')).json();
    expect(empty).toMatchObject({ leadsEntered: 0, timeToClaim: { count: 0, medianMs: null, p90Ms: null }, claimsPerAgent: [], releasedByPolicy: 0 });
  }, 60_000);
});
