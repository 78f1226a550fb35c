import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { userAggregate, userStream } from '../../command-service/src/users/user-aggregate';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';

// Billing by hand (no Stripe configured: the embedded default) and the seats of the plan.
let api: Api;
beforeAll(async () => {
  api = await startApi({ plan: 'fresh' });
});
afterAll(async () => api.close());

const register = (username: string) => api.app.inject({
  method: 'POST', url: '/api/auth/register',
  payload: { username, email: `${username}@example.com`, password: 'secret123', fullName: `${username} Tester` },
});
/** The floor's first manager is made as the demo seed makes it (no manager exists to promote anyone). */
async function makeManager(who: Agent) {
  const store = createPostgresEventStore(api.pool);
  await createCommandHandler(store)(userAggregate, userStream(who.id), {
    type: 'ChangeRole', data: { role: 'manager' }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
  }, { actorId: null, correlationId: 'test-manager' });
  await waitFor(async () => (await api.pool.query(`select 1 from users_v1 where id = $1 and role = 'manager'`, [who.id])).rowCount === 1,
    { what: 'the manager in the read model' });
}
const billing = async (who: Agent, minVersion?: number) => {
  const res = await who.request('GET', `/api/billing${minVersion === undefined ? '' : `?minVersion=${minVersion}`}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const seatEvents = async () => (await api.pool.query<{ type: string; user_id: number }>(
  `select type, (data->>'userId')::int as user_id from events where stream_id = 'billing-floor' and type like 'Seat%' order by global_position`)).rows;

let boss: Agent;
let ann: Agent;
let bob: Agent;

describe('a fresh floor', () => {
  it('starts on Free: three seats, taken by the first three sign-ups; the fourth is refused, naming the plan and its seats', async () => {
    [boss, ann, bob] = [await api.agent('boss'), await api.agent('ann'), await api.agent('bob')];
    const refused = await register('cyd');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'billing.seats_full', message: 'The Free plan includes 3 seats and all 3 are taken. Ask a manager to add seats on the Subscription page.',
      details: { plan: 'free', seats: 3, seatsUsed: 3 },
    });
    // No account was made, and no seat is held for it.
    expect((await api.pool.query(`select 1 from unique_keys where scope = 'username' and key = 'cyd'`)).rowCount).toBe(0);
    expect((await seatEvents()).map((e) => e.user_id)).toEqual([boss.id, ann.id, bob.id]);
    await waitFor(async () => (await billing(ann)).seatsUsed === 3, { what: 'three seats in the read model' });
    expect(await billing(ann)).toMatchObject({
      plan: 'free', status: 'active', provider: 'manual', source: 'manual', portal: false,
      includes: { plan: 'free', seats: 3, features: ['lead_pool', 'sales', 'live'] },
    });
  });
});

describe('the plan set by hand', () => {
  let teamId: number;
  it("keeps invite links to the plans that include them (Free does not)", async () => {
    await makeManager(boss);
    const team = await boss.request('POST', '/api/teams', { name: 'Closers' });
    expect(team.statusCode).toBe(201);
    teamId = team.json().team.id;
    const invite = await boss.request('POST', `/api/teams/${teamId}/invites`, {});
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toMatchObject({
      code: 'billing.feature_not_included', message: 'Invite links that put new agents on a team: included in the Team and Floor plans, not in Free.',
    });
  });

  it('is changed by a manager only: agents and team leads get 403 and nothing is appended', async () => {
    const before = await api.pool.query(`select count(*)::int as n from events where stream_id = 'billing-floor'`);
    for (const body of [{ plan: 'team', seats: 10 }, { plan: 'free', seats: 3 }]) {
      const res = await ann.request('PUT', '/api/billing/plan', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('billing.manager_only');
    }
    expect((await api.pool.query(`select count(*)::int as n from events where stream_id = 'billing-floor'`)).rows).toEqual(before.rows);

    const set = await boss.request('PUT', '/api/billing/plan', { plan: 'team', seats: 5 });
    expect(set.statusCode).toBe(200);
    expect(set.json().billing).toMatchObject({ plan: 'team', includes: { plan: 'team', seats: 5 } });
    const { rows: [changed] } = await api.pool.query(
      `select data, metadata->>'actorId' as actor from events where stream_id = 'billing-floor' and type = 'PlanChanged'`);
    expect(changed).toMatchObject({ data: { plan: 'team', seats: 5, by: boss.id }, actor: String(boss.id) });
    // Everyone reads the plan, once the read model has the manager's write.
    expect(await billing(ann, set.json().version)).toMatchObject({ plan: 'team', seatsUsed: 3, includes: { seats: 5, features: expect.arrayContaining(['team_invites']) } });    expect((await boss.request('POST', `/api/teams/${teamId}/invites`, {})).statusCode).toBe(201);
  });

  it("refuses seats outside the plan's range (400) and fewer seats than are held (409)", async () => {
    const out = await boss.request('PUT', '/api/billing/plan', { plan: 'team', seats: 26 });
    expect(out.statusCode).toBe(400);
    expect(out.json().errors).toEqual([expect.objectContaining({ field: 'seats', message: 'The Team plan takes 5 to 25 seats' })]);
    expect((await boss.request('PUT', '/api/billing/plan', { plan: 'team', seats: 5, extra: 1 })).statusCode).toBe(400);
    const d = await api.agent('dee');
    const e = await api.agent('eve');
    const below = await boss.request('PUT', '/api/billing/plan', { plan: 'free', seats: 3 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'billing.seats_in_use', details: { seatsUsed: 5 } });
    expect((await seatEvents()).map((s) => s.user_id)).toEqual([boss.id, ann.id, bob.id, d.id, e.id]);
  });
});

describe('seats through role changes', () => {
  it('hands a seat back when someone becomes a manager, and takes one when a manager becomes an agent', async () => {
    expect((await register('fay')).json().code).toBe('billing.seats_full');
    // The manager made by the seed's path still holds the seat their sign-up took: a role change through the API frees it.
    const promoted = await boss.request('PUT', `/api/users/${bob.id}/role`, { role: 'manager' });
    expect(promoted.statusCode).toBe(200);
    expect((await seatEvents()).at(-1)).toEqual({ type: 'SeatReleased', user_id: bob.id });
    expect((await register('fay')).statusCode).toBe(201);
    // Full again: bob cannot be made an agent, and stays a manager.
    const demoted = await boss.request('PUT', `/api/users/${bob.id}/role`, { role: 'agent' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('billing.seats_full');
    const { rows: [role] } = await api.pool.query<{ data: { to: string } }>(
      `select data from events where stream_id = $1 and type = 'RoleChanged' order by stream_version desc limit 1`, [`user-${bob.id}`]);
    expect(role!.data.to).toBe('manager');
  });
});

describe('seats under concurrent sign-ups', () => {
  it('gives the last free seat to exactly one of ten sign-ups at once', async () => {
    const set = await boss.request('PUT', '/api/billing/plan', { plan: 'team', seats: 6 });
    expect(set.statusCode).toBe(200);
    const held = (await seatEvents()).reduce((n, e) => n + (e.type === 'SeatAssigned' ? 1 : -1), 0);
    expect(held).toBe(5);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => register(`racer${i}`)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) expect(a.json().code).toBe('billing.seats_full');
    const winner = answers.find((a) => a.statusCode === 201)!.json().user.id as number;
    const seats = await seatEvents();
    expect(seats.filter((s) => s.type === 'SeatAssigned' && s.user_id === winner)).toHaveLength(1);
    expect(seats.reduce((n, e) => n + (e.type === 'SeatAssigned' ? 1 : -1), 0)).toBe(6);
    // Only the winner has an account.
    const { rows } = await api.pool.query(`select key from unique_keys where scope = 'username' and key like 'racer%'`);
    expect(rows).toHaveLength(1);
  });
});
