import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenHash, newInviteToken } from '../../infra/src/auth/invite-tokens';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

// Max manages Closers (forex leads; Leo its team lead); Olga manages Desk (Tom its team lead).
let api: Api;
let max: Agent, olga: Agent, ann: Agent, leo: Agent, tom: Agent;
let closers: number, desk: number;
beforeAll(async () => {
  api = await startApi();
  [max, olga, ann, leo, tom] = [await api.agent('max'), await api.agent('olga'), await api.agent('ann'), await api.agent('leo'), await api.agent('tom')];
  closers = await staffTeam(api, 'Closers', max, [ann, leo], 'forex');
  desk = await staffTeam(api, 'Desk', olga, [tom]);
  await max.request('PUT', `/api/teams/${closers}/leads/${leo.id}`);
  await olga.request('PUT', `/api/teams/${desk}/leads/${tom.id}`);
});
afterAll(async () => api.close());

const invite = (who: Agent, teamId = closers, body?: unknown) => who.request('POST', `/api/teams/${teamId}/invites`, body);
const register = (username: string, inviteToken?: string) => api.app.inject({
  method: 'POST', url: '/api/auth/register',
  payload: { username, email: `${username}@example.com`, password: 'secret123', fullName: 'New Closer', ...(inviteToken ? { inviteToken } : {}) },
});
const openInvite = (token: string) => api.app.inject({ method: 'GET', url: `/api/invites/${token}` });

describe('team invites', () => {
  it("are given by the team's manager and its team leads only", async () => {
    expect((await invite(ann)).json()).toMatchObject({ status: 403, error: 'team.invite_forbidden' }); // agent
    expect((await invite(tom)).statusCode).toBe(403); // a team lead of another team
    expect((await invite(olga)).statusCode).toBe(403); // a manager of another team
    for (const who of [max, leo]) {
      const res = await invite(who);
      expect(res.statusCode).toBe(201);
      const { token, path, teamName, teamId, expiresAt } = res.json().invite;
      expect({ teamName, teamId, path }).toEqual({ teamName: 'Closers', teamId: closers, path: `/register?invite=${token}` });
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);
    }
    expect((await invite(max, 999999)).statusCode).toBe(404);
    expect((await invite(max, closers, { expiresInHours: 0 })).statusCode).toBe(400);
    expect((await invite(max, closers, { expiresInHours: 2, teamId: desk })).statusCode).toBe(400);
  });

  it('keep only the hash of their token in the log', async () => {
    const { token, id } = (await invite(max)).json().invite;
    const { rows } = await api.pool.query(`select data::text as data from events where type = 'TeamInviteCreated' and (data->>'inviteId')::int = $1`, [id]);
    expect(rows[0].data).toContain(inviteTokenHash(token));
    expect(rows[0].data).not.toContain(token);
  });

  it('put an agent who registers through one on that team, once; they then hear of its new leads', async () => {
    const { token } = (await invite(leo, closers, { expiresInHours: 48 })).json().invite;
    const opened = await waitFor(async () => {
      const res = await openInvite(token);
      return res.statusCode === 200 ? (res.json() as { invite: unknown }) : undefined;
    }, { what: 'the invite in its read model' });
    expect(opened.invite).toMatchObject({ teamId: closers, teamName: 'Closers' });
    const res = await register('newbie', token);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'agent', level: 'rookie', points: 0, teamId: closers, managerId: max.id });
    const newbie = { id: res.json().user.id as number, cookie: String(res.headers['set-cookie']).split(';')[0]! };

    const again = await register('second', token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invite.used', field: 'inviteToken', message: 'This invite link has already been used.' });
    expect((await api.pool.query(`select 1 from unique_keys where scope = 'username' and key = 'second'`)).rowCount).toBe(0);
    await waitFor(async () => (await openInvite(token)).statusCode === 409, { what: 'the invite shown as used' });
    expect((await openInvite(token)).json()).toMatchObject({ error: 'invite.used' });

    // on the team, so the team's lead notifications reach them
    await waitFor(async () => (await api.pool.query('select 1 from notifications_v1_members where user_id = $1 and team_id = $2', [newbie.id, closers])).rowCount === 1,
      { what: 'the newcomer on the team in the notifications model' });
    await ann.request('POST', '/api/leads', { name: 'Forex Prospect', email: 'f@example.com', phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'forex' });
    await waitFor(async () => {
      const list = await api.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: newbie.cookie } });
      return list.json().notifications?.some((n: { eventType: string }) => n.eventType === 'new_lead');
    }, { what: 'a new-lead notification for the newcomer' });
  });

  it('refuse an expired invite, an unknown one and a malformed one, leaving no account behind', async () => {
    // An invite that expired an hour ago (a decider refuses to make one already expired, so it is appended as it would stand by now).
    const token = newInviteToken();
    const store = createPostgresEventStore(api.pool);
    const { rows } = await api.pool.query<{ version: number }>('select version from streams where stream_id = $1', [`team-${closers}`]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await store.append({
      streamId: `team-${closers}`, streamType: 'team', expectedVersion: Number(rows[0]!.version),
      events: [{ type: 'TeamInviteCreated', data: { teamId: closers, inviteId: await store.nextId('invite'), tokenHash: inviteTokenHash(token), expiresAt: hourAgo, at: hourAgo } }],
      metadata: { actorId: max.id, correlationId: 'expired-invite', causationId: null }, claimKeys: [{ scope: 'team_invite', key: inviteTokenHash(token) }],
    });
    expect((await register('late', token)).json()).toMatchObject({ status: 409, error: 'invite.expired', field: 'inviteToken' });
    await waitFor(async () => (await openInvite(token)).statusCode === 409, { what: 'the expired invite in its read model' });
    expect((await openInvite(token)).json()).toMatchObject({ error: 'invite.expired' });

    const unknown = newInviteToken();
    expect((await register('lost', unknown)).json()).toMatchObject({ status: 404, error: 'invite.not_found', field: 'inviteToken' });
    expect((await openInvite(unknown)).statusCode).toBe(404);
    expect((await register('typo', 'not-a-token')).statusCode).toBe(400);
    expect((await openInvite('not-a-token')).statusCode).toBe(400);
    const { rowCount } = await api.pool.query(`select 1 from unique_keys where scope = 'username' and key = any($1)`, [['late', 'lost', 'typo']]);
    expect(rowCount).toBe(0);
  });
});
