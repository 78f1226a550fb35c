import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../command-service/src/auth/password-hasher';
import { seedDemoFloor } from '../../command-service/src/seed/demo-floor';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Api } from '../api-harness';
import { waitFor } from '../wait-for';

// The demo floor as `npm start` seeds it, with the process managers and projections running:
// every dashboard panel of the demo agent shows real figures.
let api: Api;
let seeded: Awaited<ReturnType<typeof seedDemoFloor>>;
const signIn = async (username: string) => {
  const res = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'demo1234' } });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return (url: string) => api.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
};

beforeAll(async () => {
  api = await startApi();
  const store = createPostgresEventStore(api.pool);
  seeded = await seedDemoFloor({ pool: api.pool, store, handle: createCommandHandler(store), hashPassword: createPasswordHasher().hash, now: new Date() });
}, 300_000);
afterAll(async () => api.close());

describe('the demo floor', () => {
  it('has calls and sales besides the leads', () => {
    expect(seeded).toMatchObject({ seeded: true, leads: 300 });
    expect(seeded.seeded && seeded.calls).toBeGreaterThan(100);
    expect(seeded.seeded && seeded.sales).toBeGreaterThan(10);
  });

  it('makes the demo agent a pro with badges, sales this month and calls this week', async () => {
    const demo = await signIn('demo');
    const user = await waitFor(async () => {
      const { rows } = await api.pool.query(`select name, transaction_id::text from checkpoints where name like 'points_v%'`);
      const { rows: last } = await api.pool.query(`select max(transaction_id)::text as tx from events`);
      const caughtUp = rows[0] && BigInt(rows[0].transaction_id) >= BigInt(last[0].tx);
      const u = caughtUp && (await demo('/api/auth/current-user')).user;
      return u && u.points === Number((await api.pool.query(`select coalesce(sum((data->>'points')::int), 0) as p from events where stream_id = $1 and type = 'PointsAwarded'`, [`user-${u.id}`])).rows[0].p) && u;
    }, { timeoutMs: 120_000, what: 'the points process manager to credit the seeded floor' });
    expect(user.level).toBe('pro');
    expect(user.points).toBeGreaterThanOrEqual(500);
    expect(user.points).toBeLessThan(1500);
    const { stats } = await waitFor(async () => {
      const s = await demo('/api/dashboard/stats');
      return s.stats.monthlyRevenue > 0 && s.stats.callsThisWeek >= 3 && s;
    }, { what: 'dashboard figures' });
    expect(stats.activeLeadsCount).toBeGreaterThan(0);
    const badges = await waitFor(async () => {
      const b = await demo('/api/user-badges');
      return b.length >= 3 && b;
    }, { what: "the demo agent's badges" });
    expect(badges.map((b: { badge: { name: string } }) => b.badge.name)).toEqual(expect.arrayContaining(['Quick Starter', 'First Sale', 'Rising Pro']));
    const board = await demo('/api/leaderboard');
    expect(board.find((e: { id: number }) => e.id === user.id)).toMatchObject({ level: 'pro' });
    expect(board.find((e: { id: number }) => e.id === user.id).salesCount).toBeGreaterThanOrEqual(2);
    const summary = await demo('/api/calls/analytics/summary');
    expect(summary.analyzedCalls).toBeGreaterThan(0);
    expect(summary.averageSentimentScore).toBeGreaterThan(0);
  });

  it('shows the manager commissions in every status, and real leaderboards', async () => {
    const manager = await signIn('manager');
    const totals = await waitFor(async () => {
      const t = await manager('/api/commissions');
      return Object.values(t.totals as Record<string, { count: number }>).every((b) => b.count > 0) && t;
    }, { what: 'commissions in every status' });
    expect(totals.byMonth).toHaveLength(12);
    const teams = await manager('/api/leaderboard/teams');
    expect(teams).toHaveLength(2);
    const trends = await manager('/api/call-analytics');
    expect(trends.agents.length).toBeGreaterThan(4);
  });

  it("tells the manager of their people's sales and calls, and teammates of a sale", async () => {
    const manager = await signIn('manager');
    const types = await waitFor(async () => {
      const list = await manager('/api/notifications?limit=100');
      const seen = new Set(list.notifications.map((n: { eventType: string }) => n.eventType));
      return seen.has('new_sale') && seen.has('call_completed') && seen;
    }, { timeoutMs: 60_000, what: 'sale and call notifications for the manager' });
    expect(types.has('team_member_sale')).toBe(false);
    const demo = await signIn('demo');
    const mine = await waitFor(async () => {
      const list = await demo('/api/notifications?limit=100');
      return list.notifications.some((n: { eventType: string }) => n.eventType === 'team_member_sale') && list;
    }, { timeoutMs: 60_000, what: 'a teammate sale notification for the demo agent' });
    const sale = mine.notifications.find((n: { eventType: string }) => n.eventType === 'team_member_sale');
    expect(sale).toMatchObject({ title: 'Team Member Sale', category: 'team' });
    expect(sale.message).toMatch(/closed a \$[\d,]+ sale$/);
  });

  it('has custom fields per lead type, values on many leads, and the pool filters by them', async () => {
    expect(seeded.seeded && seeded.leadsWithValues).toBeGreaterThan(100);
    const demo = await signIn('demo');
    const { fields } = await waitFor(async () => {
      const list = await demo('/api/custom-fields?active=true');
      return list.fields.length === 8 && list;
    }, { what: 'the seeded custom fields' });
    expect(new Set(fields.map((f: { leadType: string }) => f.leadType))).toEqual(new Set(['real_estate', 'finance', 'forex']));
    const big = await waitFor(async () => {
      const page = await demo('/api/leads?typeFilter=real_estate&customField=budget%3E%3D500000&limit=500');
      return page.leads?.length > 0 && page;
    }, { what: 'leads with a large budget in the pool' });
    for (const lead of big.leads) expect((await demo(`/api/leads/${lead.id}/custom-fields`)).values.budget).toBeGreaterThanOrEqual(500000);
  });
});
