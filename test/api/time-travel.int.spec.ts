import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';

let api: Api;
let ann: Agent;
let bob: Agent;
const lead = { email: 'x@example.com', phone: '555-0101', address: null, city: 'Austin', state: 'TX', source: 'website', notes: null, status: 'available' };
let alpha: number;
let beta: number;
// Instants between the steps below: T0 after Alpha was made, T1 after Ann took and worked it,
// T2 after Bob took Beta; the floor then moved on.
let t0: string;
let t1: string;
let t2: string;

/** An instant after everything so far, with the next command dated later still. */
async function mark() {
  const at = new Date().toISOString();
  await waitFor(() => Date.now() > Date.parse(at), { what: 'the clock to pass the mark' });
  return at;
}
const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json() as { lead: { id: number; version: number } };
};
/** The lead versions read model has caught up with the lead at `version`. */
const historyHas = (id: number, version: number) => waitFor(async () =>
  (await api.pool.query(`select 1 from lead_pool_history_v1 where id = $1 and version = $2 and valid_to = 'infinity'`, [id, version])).rowCount === 1,
{ what: `lead ${id} v${version} in the history` });
const ids = (body: { leads: { id: number }[] }) => body.leads.map((l) => l.id);

beforeAll(async () => {
  api = await startApi();
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
  alpha = (await ok(ann.request('POST', '/api/leads', { ...lead, name: 'Alpha Ames', leadType: 'real_estate' }))).lead.id;
  t0 = await mark();
  beta = (await ok(ann.request('POST', '/api/leads', { ...lead, name: 'Beta Bell', leadType: 'finance' }))).lead.id;
  await ok(ann.request('POST', `/api/leads/${alpha}/claim`, {}));
  await ok(ann.request('PATCH', `/api/leads/${alpha}`, { stage: 'discovery', tags: ['hot'] }));
  t1 = await mark();
  await ok(bob.request('POST', `/api/leads/${beta}/claim`, {}));
  const b = await ok(bob.request('PATCH', `/api/leads/${beta}`, { status: 'contacted' }));
  t2 = await mark();
  await ok(ann.request('PATCH', `/api/leads/${alpha}`, { stage: 'proposal', tags: [] }));
  const a = await ok(ann.request('PATCH', `/api/leads/${alpha}`, { status: 'contacted' }));
  await historyHas(alpha, a.lead.version);
  await historyHas(beta, b.lead.version);
});
afterAll(async () => api.close());

const asOf = (who: Agent, at: string, query = '') => who.request('GET', `/api/leads?asOf=${encodeURIComponent(at)}${query}`);

describe('GET /api/leads?asOf', () => {
  it('answers the pool as it was: leads made later are absent, each lead as it stood then', async () => {
    const then = (await asOf(ann, t0)).json();
    expect(then).toMatchObject({ total: 1, typeCounts: { real_estate: 1 }, nextCursor: null });
    expect(then.leads[0]).toMatchObject({ id: alpha, status: 'available', claimedBy: null, stage: 'new', version: 1, autoReleaseAt: null });
    const later = (await asOf(ann, t1)).json();
    expect(ids(later)).toEqual([beta, alpha]);
    expect(later.leads[1]).toMatchObject({ status: 'claimed', claimedBy: ann.id, claimedByName: 'Ann Agent', stage: 'discovery', tags: ['hot'] });
  });

  it('applies every filter of the live pool to that instant', async () => {
    expect(ids((await asOf(ann, t1, '&tab=claimed')).json())).toEqual([alpha]);
    expect(ids((await asOf(ann, t1, '&tags=hot')).json())).toEqual([alpha]);
    expect(ids((await asOf(ann, t1, '&stageFilter=discovery')).json())).toEqual([alpha]);
    expect(ids((await asOf(ann, t1, '&typeFilter=finance')).json())).toEqual([beta]);
    expect(ids((await asOf(bob, t1, '&showMyLeadsOnly=true')).json())).toEqual([]);
    expect(ids((await asOf(bob, t2, '&showMyLeadsOnly=true')).json())).toEqual([beta]);
    expect(ids((await asOf(ann, t2, '&tab=contacted')).json())).toEqual([beta]);
    expect(ids((await asOf(ann, t2, '&search=alpha')).json())).toEqual([alpha]);
    expect(ids((await asOf(ann, t2, '&sort=name_desc')).json())).toEqual([beta, alpha]);
    // Now, the same filters see the floor as it is.
    expect(ids((await ann.request('GET', '/api/leads?stageFilter=discovery')).json())).toEqual([]);
    expect(ids((await ann.request('GET', '/api/leads?tab=contacted')).json())).toEqual([beta, alpha]);
  });

  it('pages with keyset cursors that keep to the instant', async () => {
    const first = (await asOf(ann, t2, '&limit=1')).json();
    expect(first).toMatchObject({ total: 2 });
    expect(ids(first)).toEqual([beta]);
    const second = (await asOf(ann, t2, `&limit=1&cursor=${first.nextCursor}`)).json();
    expect(ids(second)).toEqual([alpha]);
    expect(second.nextCursor).toBeNull();
    expect((await asOf(ann, t2, '&cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('refuses an instant in the future, answers an empty floor before its first event, and needs a session', async () => {
    const future = await asOf(ann, new Date(Date.now() + 3_600_000).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ error: 'as_of_in_future', field: 'asOf' });
    expect((await asOf(ann, 'yesterday')).statusCode).toBe(400);
    expect((await asOf(ann, '2001-01-01T00:00:00Z')).json()).toEqual({ leads: [], total: 0, typeCounts: {}, nextCursor: null });
    expect((await api.app.inject({ method: 'GET', url: `/api/leads?asOf=${t1}` })).statusCode).toBe(401);
  });
});

describe('GET /api/pipeline', () => {
  const column = (body: { columns: { stage: string; total: number; leads: { id: number }[] }[] }, stage: string) =>
    body.columns.find((c) => c.stage === stage)!;

  it('answers the five stage columns as of an instant, and now without one', async () => {
    const then = (await ann.request('GET', `/api/pipeline?asOf=${encodeURIComponent(t1)}`)).json();
    expect(then.asOf).toBe(t1);
    expect(then.columns.map((c: { stage: string }) => c.stage)).toEqual(['new', 'discovery', 'proposal', 'negotiation', 'closed']);
    expect(column(then, 'new')).toMatchObject({ total: 1, nextCursor: null });
    expect(ids(column(then, 'new'))).toEqual([beta]);
    expect(ids(column(then, 'discovery'))).toEqual([alpha]);
    const now = (await ann.request('GET', '/api/pipeline')).json();
    expect(now.asOf).toBeNull();
    expect(ids(column(now, 'proposal'))).toEqual([alpha]);
    expect(column(now, 'discovery').total).toBe(0);
  });

  it('takes the pool filters and pages each column', async () => {
    const mine = (await bob.request('GET', `/api/pipeline?asOf=${encodeURIComponent(t2)}&showMyLeadsOnly=true&limit=1`)).json();
    expect(ids(column(mine, 'new'))).toEqual([beta]);
    expect(column(mine, 'discovery').total).toBe(0);
    expect((await ann.request('GET', '/api/pipeline?stageFilter=new')).statusCode).toBe(400);
  });
});

describe('GET /api/leaderboard?asOf', () => {
  it('ranks by the points earned up to that instant', async () => {
    // Points come from a process manager: wait until the live board has Ann's claim and contact.
    await waitFor(async () => (await ann.request('GET', '/api/leaderboard?period=all')).json()
      .find((e: { id: number; points: number }) => e.id === ann.id)?.points === 15, { what: "Ann's 15 points" });
    const at = async (t: string) => (await ann.request('GET', `/api/leaderboard?period=all&asOf=${encodeURIComponent(t)}`)).json();
    expect(await at(t0)).toEqual([]);
    expect(await at(t1)).toEqual([expect.objectContaining({ id: ann.id, rank: 1, points: 5, totalPoints: 5, level: 'rookie', salesCount: 0 })]);
    const t2Board = await at(t2);
    expect(t2Board.map((e: { id: number; points: number }) => [e.id, e.points])).toEqual([[bob.id, 15], [ann.id, 5]]);
    expect((await ann.request('GET', `/api/leaderboard/teams?asOf=${encodeURIComponent(t2)}`)).statusCode).toBe(200);
    const future = await ann.request('GET', `/api/leaderboard?asOf=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`);
    expect(future.statusCode).toBe(400);
  });
});

describe('hostile instants and bounds', () => {
  it('answers the oldest storable instant, and refuses malformed ones and bad bounds with 400, never a 5xx', async () => {
    const oldest = '0001-01-01T00:00:00Z';
    expect((await ann.request('GET', `/api/leads?asOf=${oldest}&followUpDue=true&sort=status`)).json()).toMatchObject({ total: 0 });
    expect((await ann.request('GET', `/api/pipeline?asOf=${oldest}`)).statusCode).toBe(200);
    expect((await ann.request('GET', `/api/leaderboard?asOf=${oldest}&period=week`)).json()).toEqual([]);
    expect((await ann.request('GET', `/api/leaderboard/teams?asOf=${oldest}&period=month`)).statusCode).toBe(200);
    for (const url of [
      '/api/leads?asOf=10000-01-01T00:00:00Z', '/api/leads?asOf=2026-02-30T00:00:00Z', '/api/pipeline?asOf=%00', '/api/pipeline?limit=0',
      '/api/pipeline?limit=101', '/api/pipeline?cursor=abc', '/api/leaderboard?asOf=1', '/api/time-travel?x=1',
    ]) {
      expect((await ann.request('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('GET /api/time-travel', () => {
  it('spans from the floor\'s first recorded moment to the server\'s now', async () => {
    const range = (await ann.request('GET', '/api/time-travel')).json();
    expect(Date.parse(range.floorStartedAt)).toBeLessThanOrEqual(Date.parse(t0));
    expect(Date.parse(range.now)).toBeGreaterThan(Date.parse(t2));
  });
});
