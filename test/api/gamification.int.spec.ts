import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayPoints } from '../../command-service/src/gamification/replay-points';
import type { PointsTable } from '../../command-service/src/gamification/points-table';
import { pointsTable } from '../../command-service/src/gamification/points-table';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';

// Points are derived from events, so the standings can be computed here independently, from
// the activities this file performs, for any points table.
type Counts = { claim: number; contact: number; qualify: number; sale: number; call: number };
const worth = (c: Counts, t: PointsTable) =>
  c.claim * t.points.claim + c.contact * t.points.contact + c.qualify * t.points.qualify + c.sale * t.points.sale + c.call * t.points.call;
const levelOf = (points: number) => (points >= 1500 ? 'elite' : points >= 500 ? 'pro' : 'rookie');

let api: Api;
let ann: Agent;
let bob: Agent;
let cat: Agent;
let max: Agent;
const done: Record<'ann' | 'bob' | 'cat', Counts> = {
  ann: { claim: 3, contact: 2, qualify: 1, sale: 1, call: 2 },
  bob: { claim: 2, contact: 0, qualify: 0, sale: 0, call: 1 }, // his one sale is rejected
  cat: { claim: 1, contact: 1, qualify: 0, sale: 0, call: 0 }, // re-claims and re-contacts earn nothing more
};

const standing = async (who: Agent) => {
  const { rows } = await api.pool.query<{ points: number; level: string }>('select points, level from users_v1 where id = $1', [who.id]);
  return rows[0]!;
};
const standingsAre = (table: PointsTable) => waitFor(async () => {
  for (const [who, name] of [[ann, 'ann'], [bob, 'bob'], [cat, 'cat']] as const) {
    if ((await standing(who)).points !== worth(done[name], table)) return false;
  }
  return true;
}, { what: `standings under points table v${table.version}` });

beforeAll(async () => {
  api = await startApi();
  [ann, bob, cat, max] = [await api.agent('ann'), await api.agent('bob'), await api.agent('cat'), await api.agent('max')];
  await staffTeam(api, 'Floor', max, [ann, bob, cat]);
  // ann: three claims; one lead contacted by hand and qualified, one reached by a connected call
  // (the call marks it contacted), a busy call, and a sale on the third.
  const [a1, a2, a3] = [await claimedLead(ann), await claimedLead(ann), await claimedLead(ann)];
  await ann.request('PATCH', `/api/leads/${a1}`, { status: 'contacted' });
  await ann.request('PATCH', `/api/leads/${a1}`, { status: 'qualified' });
  await ann.request('POST', '/api/calls', { leadId: a2, durationSeconds: 90, result: 'connected' });
  await ann.request('POST', '/api/calls', { leadId: a1, durationSeconds: 5, result: 'busy' });
  await ann.request('POST', '/api/sales', { leadId: a3, amountCents: 250_000 });
  // bob: two claims, a voicemail, a sale his manager rejects.
  const [b1, b2] = [await claimedLead(bob), await claimedLead(bob)];
  await bob.request('POST', '/api/calls', { leadId: b1, durationSeconds: 30, result: 'voicemail' });
  const sale = (await bob.request('POST', '/api/sales', { leadId: b2, amountCents: 10_000 })).json().sale;
  expect((await max.request('POST', `/api/sales/${sale.id}/reject`, { reason: 'Duplicate order' })).statusCode).toBe(200);
  // cat: claim, release, claim again; contacted, back to claimed, contacted again.
  const c1 = await claimedLead(cat);
  await cat.request('POST', `/api/leads/${c1}/release`, {});
  await cat.request('POST', `/api/leads/${c1}/claim`, {});
  for (const status of ['contacted', 'claimed', 'contacted']) await cat.request('PATCH', `/api/leads/${c1}`, { status });
});
afterAll(async () => api.close());

describe('points, levels and badges', () => {
  it('credits each activity once to the agent who did it, and takes back a rejected sale', async () => {
    await standingsAre(pointsTable);
    expect(await standing(ann)).toEqual({ points: worth(done.ann, pointsTable), level: 'rookie' });
    const { rows } = await api.pool.query(`select data->>'awardKey' as key, (data->>'points')::int as points from events
      where stream_id = $1 and type = 'PointsAwarded' and data->>'rule' = 'sale' order by stream_version`, [`user-${bob.id}`]);
    expect(rows.map((r) => r.points)).toEqual([pointsTable.points.sale, -pointsTable.points.sale]);
  });

  it('awards badges by rule and lists them with the catalogue', async () => {
    const mine = await waitFor(async () => {
      const b = (await ann.request('GET', '/api/user-badges')).json();
      return b.length >= 2 && b;
    }, { what: "ann's badges" });
    expect(mine.map((b: { badge: { name: string } }) => b.badge.name)).toEqual(['Quick Starter', 'First Sale']);
    expect(mine[0]).toMatchObject({ badgeId: 1, badge: { icon: 'lightning' } });
    const bobs = (await bob.request('GET', '/api/user-badges')).json().map((b: { badgeId: number }) => b.badgeId);
    expect(bobs).toContain(2); // earned when the sale was recorded; a badge, once earned, is kept
    const catalogue = (await ann.request('GET', '/api/badges')).json();
    expect(catalogue).toContainEqual({ id: 6, name: 'Rising Pro', description: expect.any(String), icon: 'star', pointsRequired: 500 });
    expect(catalogue.every((b: { icon: string }) => ['lightning', 'star', 'check', 'users', 'pencil'].includes(b.icon))).toBe(true);
    expect((await api.app.inject({ method: 'GET', url: '/api/badges' })).statusCode).toBe(401);
  });

  it('ranks this month, this week, all time and teams; salesCount counts sales that stand', async () => {
    // Wait until the ledger holds every agent's figure and the sales count of every sale that
    // stands (bob's rejected one included), then check the ranking.
    const board = await waitFor(async () => {
      const b = (await ann.request('GET', '/api/leaderboard')).json() as { id: number; fullName: string; rank: number; points: number; salesCount: number }[];
      const expected: [number, number, number][] = [[ann.id, worth(done.ann, pointsTable), 1], [bob.id, worth(done.bob, pointsTable), 0], [cat.id, worth(done.cat, pointsTable), 0]];
      const now = new Map(b.map((e) => [e.id, [e.points, e.salesCount]]));
      return b.length === 3 && expected.every(([id, points, sales]) => now.get(id)?.[0] === points && now.get(id)?.[1] === sales) && b;
    }, { what: 'the points ledger' });
    expect(board.map((e: { fullName: string }) => e.fullName)).toEqual(['Ann Agent', 'Bob Agent', 'Cat Agent']);
    expect(board[0]).toMatchObject({ rank: 1, id: ann.id, level: 'rookie', points: worth(done.ann, pointsTable), salesCount: 1 });
    expect(board[1]).toMatchObject({ rank: 2, salesCount: 0 });
    expect(board[2]?.rank).toBe(2); // bob and cat tie on points and sales
    expect((await ann.request('GET', '/api/leaderboard?period=week')).json()).toHaveLength(3);
    expect((await ann.request('GET', '/api/leaderboard?period=all&limit=1')).json()).toHaveLength(1);
    expect((await ann.request('GET', '/api/leaderboard?period=year')).statusCode).toBe(400);
    const teams = await waitFor(async () => {
      const t = (await ann.request('GET', '/api/leaderboard/teams')).json();
      return t[0]?.salesCount === 1 && t;
    }, { what: 'the team standings' });
    expect(teams).toEqual([expect.objectContaining({ rank: 1, name: 'Floor', members: 3, salesCount: 1, points: worth(done.ann, pointsTable) + 30 })]);
  });
});

describe('replaying points with a new table', () => {
  const v2: PointsTable = { version: pointsTable.version + 1, points: { claim: 1, contact: 2, qualify: 3, sale: 500, call: 7 } };

  it('gives the standings the new table computes, appending only corrections, and is idempotent', async () => {
    await standingsAre(pointsTable);
    const store = createPostgresEventStore(api.pool);
    const first = await replayPoints({ pool: api.pool, store, table: v2 });
    expect(first.appended).toBeGreaterThan(0);
    await standingsAre(v2);
    expect(await standing(ann)).toEqual({ points: worth(done.ann, v2), level: levelOf(worth(done.ann, v2)) });
    expect(levelOf(worth(done.ann, v2))).toBe('pro');
    const again = await replayPoints({ pool: api.pool, store, table: v2 });
    expect(again.appended).toBe(0);
    // The ledger projection catches up with each agent's corrections on its own schedule: wait
    // until every agent's figure is the new table's, then check the order.
    const expected: [number, number][] = [[ann.id, worth(done.ann, v2)], [bob.id, worth(done.bob, v2)], [cat.id, worth(done.cat, v2)]];
    const pointsOf = (b: { id: number; points: number }[]) => new Map(b.map((e) => [e.id, e.points]));
    const board = await waitFor(async () => {
      const b = (await ann.request('GET', '/api/leaderboard?period=all')).json() as { id: number; points: number }[];
      const now = pointsOf(b);
      return expected.every(([id, points]) => now.get(id) === points) && b;
    }, { what: 'the points ledger after the replay' });
    expect(board.map((e) => [e.id, e.points])).toEqual(expected);
    const badges = await waitFor(async () => {
      const b = (await ann.request('GET', '/api/user-badges')).json().map((x: { badgeId: number }) => x.badgeId);
      return b.includes(6) && b;
    }, { what: 'the Rising Pro badge' });
    expect(badges).toEqual([1, 2, 6]);
    const { rows } = await api.pool.query(`select name from checkpoints where name = $1`, [`points_v${v2.version}`]);
    expect(rows).toHaveLength(1);
  });
});
