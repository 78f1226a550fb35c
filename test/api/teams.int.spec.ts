import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';

// The floor: Max manages Closers (Ann an agent, Leo its team lead); Olga manages Desk (Bob).
let api: Api;
let max: Agent, olga: Agent, ann: Agent, leo: Agent, bob: Agent;
let closers: number, desk: number;
beforeAll(async () => {
  api = await startApi();
  [max, olga, ann, leo, bob] = [await api.agent('max'), await api.agent('olga'), await api.agent('ann'), await api.agent('leo'), await api.agent('bob')];
  closers = await staffTeam(api, 'Closers', max, [ann, leo]);
  desk = await staffTeam(api, 'Desk', olga, [bob]);
  expect((await max.request('PUT', `/api/teams/${closers}/leads/${leo.id}`)).statusCode).toBe(200);
});
afterAll(async () => api.close());

const userRow = async (id: number) => (await api.pool.query('select team_id, role from users_v1 where id = $1', [id])).rows[0];
const eventsOf = async (streamId: string, type: string) =>
  (await api.pool.query(`select data, metadata from events where stream_id = $1 and type = $2 order by stream_version`, [streamId, type])).rows;

describe('creating teams', () => {
  it('lets a manager create a team they manage, and refuses agents and team leads', async () => {
    for (const who of [ann, leo]) {
      expect((await who.request('POST', '/api/teams', { name: `By ${who.id}` })).json()).toMatchObject({ status: 403, error: 'team.manager_only' });
    }
    const res = await max.request('POST', '/api/teams', { name: 'Night Shift', leadType: 'forex' });
    expect(res.statusCode).toBe(201);
    expect(res.json().team).toMatchObject({ name: 'Night Shift', managerId: max.id, leadType: 'forex', teamLeadIds: [] });
    const [created] = await eventsOf(`team-${res.json().team.id}`, 'TeamCreated');
    expect(created.metadata.actorId).toBe(max.id);
  });

  it('refuses a taken name regardless of case, and bodies the contract does not allow', async () => {
    expect((await olga.request('POST', '/api/teams', { name: 'closers' })).json()).toMatchObject({ status: 409, error: 'team.name_taken', field: 'name' });
    for (const body of [{}, { name: 'X' }, { name: 'Valid', leadType: 'crypto' }, { name: 'Valid', managerId: olga.id }]) {
      expect((await max.request('POST', '/api/teams', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('moving people between teams (the permission matrix)', () => {
  it('lets only a manager of both teams move someone, and records who did it', async () => {
    const cara = await api.agent('cara');
    const url = (team: number) => `/api/teams/${team}/members/${cara.id}`;
    expect((await ann.request('PUT', url(closers))).statusCode).toBe(403); // agent
    expect((await leo.request('PUT', url(closers))).statusCode).toBe(403); // team lead
    expect((await olga.request('PUT', url(closers))).statusCode).toBe(403); // a manager of another team
    const moved = await max.request('PUT', url(closers));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user).toMatchObject({ id: cara.id, teamId: closers, managerId: max.id });
    expect((await olga.request('PUT', url(desk))).json()).toMatchObject({ status: 403, error: 'user.manager_only' }); // not hers to take
    expect((await max.request('PUT', url(desk))).statusCode).toBe(403); // not his to give to
    const [joined] = await eventsOf(`user-${cara.id}`, 'UserJoinedTeam');
    expect(joined).toMatchObject({ data: { teamId: closers }, metadata: { actorId: max.id } });
    await waitFor(async () => (await userRow(cara.id))?.team_id === closers, { what: 'Cara on Closers' });
  });

  it("moves someone between two teams the manager manages, ending their lead of the first", async () => {
    const second = (await max.request('POST', '/api/teams', { name: 'Closers Two' })).json().team.id as number;
    const dan = await api.agent('dan');
    await max.request('PUT', `/api/teams/${closers}/members/${dan.id}`);
    expect((await max.request('PUT', `/api/teams/${closers}/leads/${dan.id}`)).json().team.teamLeadIds).toContain(dan.id);
    const res = await max.request('PUT', `/api/teams/${second}/members/${dan.id}`);
    expect(res.json().user).toMatchObject({ teamId: second, role: 'agent' });
    const [, moved] = await eventsOf(`user-${dan.id}`, 'UserJoinedTeam');
    expect(moved.data).toMatchObject({ teamId: second, previousTeamId: closers });
    expect(await eventsOf(`team-${closers}`, 'TeamLeadRemoved')).toEqual([expect.objectContaining({ data: expect.objectContaining({ userId: dan.id }) })]);
  });

  it('lets only a manager of the team remove a member; removing a non-member is a 404', async () => {
    const eve = await api.agent('eve');
    await max.request('PUT', `/api/teams/${closers}/members/${eve.id}`);
    const url = `/api/teams/${closers}/members/${eve.id}`;
    for (const who of [ann, leo, olga]) expect((await who.request('DELETE', url)).statusCode).toBe(403);
    const res = await max.request('DELETE', url);
    expect(res.json().user).toMatchObject({ id: eve.id, teamId: null, managerId: null });
    expect((await max.request('DELETE', url)).json()).toMatchObject({ status: 404, error: 'team.not_member' });
    await waitFor(async () => (await userRow(eve.id))?.team_id === null, { what: 'Eve on no team' });
  });

  it('answers 404 for unknown teams and users, 400 for ids past int4, 401 signed out', async () => {
    expect((await max.request('PUT', `/api/teams/999999/members/${ann.id}`)).json()).toMatchObject({ status: 404, error: 'team.not_found' });
    expect((await max.request('PUT', `/api/teams/${closers}/members/999999`)).json()).toMatchObject({ status: 404, error: 'user.not_found' });
    expect((await max.request('PUT', `/api/teams/2147483648/members/${ann.id}`)).statusCode).toBe(400);
    expect((await max.request('PUT', `/api/teams/${closers}/members/${ann.id}`, { teamId: desk })).statusCode).toBe(400);
    for (const [method, url] of [['POST', '/api/teams'], ['PUT', `/api/teams/${closers}/members/${ann.id}`], ['DELETE', `/api/teams/${closers}/members/${ann.id}`],
      ['PUT', `/api/teams/${closers}/leads/${ann.id}`], ['POST', `/api/teams/${closers}/invites`], ['PUT', `/api/users/${ann.id}/role`],
      ['GET', '/api/teams/structure'], ['GET', `/api/teams/${closers}/history`]] as const) {
      expect((await api.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('team leads and roles', () => {
  it("appoints a member as team lead (an agent becomes a team lead) and removes them, by the team's manager only", async () => {
    const fay = await api.agent('fay');
    const url = `/api/teams/${closers}/leads/${fay.id}`;
    expect((await max.request('PUT', url)).json()).toMatchObject({ status: 409, error: 'team.lead_not_member' });
    await max.request('PUT', `/api/teams/${closers}/members/${fay.id}`);
    for (const who of [ann, leo, olga]) expect((await who.request('PUT', url)).statusCode).toBe(403);
    expect((await max.request('PUT', url)).json().team.teamLeadIds).toContain(fay.id);
    await waitFor(async () => (await userRow(fay.id))?.role === 'teamLead', { what: 'Fay a team lead' });
    for (const who of [ann, leo, olga]) expect((await who.request('DELETE', url)).statusCode).toBe(403);
    expect((await max.request('DELETE', url)).json().team.teamLeadIds).not.toContain(fay.id);
    await waitFor(async () => (await userRow(fay.id))?.role === 'agent', { what: 'Fay an agent again' });
  });

  it("lets a manager of the user's team change their role, never their own", async () => {
    const url = `/api/users/${ann.id}/role`;
    expect((await ann.request('PUT', url, { role: 'manager' })).statusCode).toBe(403);
    expect((await leo.request('PUT', url, { role: 'teamLead' })).statusCode).toBe(403);
    expect((await olga.request('PUT', url, { role: 'teamLead' })).statusCode).toBe(403);
    expect((await max.request('PUT', `/api/users/${max.id}/role`, { role: 'agent' })).json()).toMatchObject({ status: 409, error: 'user.own_role' });
    expect((await max.request('PUT', url, { role: 'boss' })).statusCode).toBe(400);
    const res = await max.request('PUT', url, { role: 'teamLead' });
    expect(res.json().user).toMatchObject({ id: ann.id, role: 'teamLead' });
    const [changed] = await eventsOf(`user-${ann.id}`, 'RoleChanged');
    expect(changed).toMatchObject({ data: { from: 'agent', to: 'teamLead', by: max.id }, metadata: { actorId: max.id } });
    await max.request('PUT', url, { role: 'agent' });
  });
});

describe('the structure and the history', () => {
  it("shows the manager, each team's leads and agents, with active leads and this month's sales", async () => {
    const leadId = await claimedLead(bob);
    expect((await bob.request('POST', '/api/sales', { leadId, amountCents: 50_000 })).statusCode).toBe(201);
    await claimedLead(bob);
    const structure = await waitFor(async () => {
      const s = (await ann.request('GET', '/api/teams/structure')).json();
      const deskRow = s.teams.find((t: { id: number }) => t.id === desk);
      return deskRow?.agents[0]?.salesThisMonth === 1 && deskRow.agents[0].activeLeads === 1 && s;
    }, { what: "Bob's figures in the structure" });
    expect(structure.managers.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([max.id, olga.id]));
    const closersRow = structure.teams.find((t: { id: number }) => t.id === closers);
    expect(closersRow.leads.map((p: { id: number }) => p.id)).toEqual([leo.id]);
    expect(closersRow.agents.map((p: { id: number }) => p.id)).toContain(ann.id);
    expect(structure.teams.find((t: { id: number }) => t.id === desk).agents[0]).toMatchObject({ id: bob.id, role: 'agent', level: 'rookie' });
  });

  it('lists every change to a team, newest first, with who made it, a page at a time', async () => {
    const page = await waitFor(async () => {
      const h = (await ann.request('GET', `/api/teams/${closers}/history?limit=2`)).json();
      return h.entries?.length === 2 && h;
    }, { what: 'the history of Closers' });
    expect(page.nextCursor).not.toBeNull();
    const all = (await ann.request('GET', `/api/teams/${closers}/history?limit=100`)).json().entries;
    expect(all.slice(0, 2)).toEqual(page.entries);
    expect(all.at(-1)).toMatchObject({ type: 'TeamCreated', actorId: null });
    expect(all).toContainEqual(expect.objectContaining({ type: 'TeamLeadAppointed', userId: leo.id, actorId: max.id, actorName: 'Max Agent', userName: 'Leo Agent' }));
    const next = (await ann.request('GET', `/api/teams/${closers}/history?limit=2&before=${page.nextCursor}`)).json().entries;
    expect(next).toEqual(all.slice(2, 4));
    expect((await ann.request('GET', '/api/teams/999999/history')).statusCode).toBe(404);
  });
});
