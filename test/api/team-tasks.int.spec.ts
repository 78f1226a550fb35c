import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamTask } from '../../contracts/src/team-tasks';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';

// The floor: Max manages Closers (Ann and Cy agents, Dan an agent, Leo its team lead);
// Olga manages Desk (Bob).
let api: Api;
let base: string;
let max: Agent, olga: Agent, ann: Agent, cy: Agent, dan: Agent, leo: Agent, bob: Agent;
let closers: number, desk: number;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  [max, olga, ann, cy, dan, leo, bob] = await Promise.all([
    api.agent('max'), api.agent('olga'), api.agent('ann'), api.agent('cyd'), api.agent('dan'), api.agent('leo'), api.agent('bob'),
  ]);
  closers = await staffTeam(api, 'Closers', max, [ann, cy, dan, leo]);
  desk = await staffTeam(api, 'Desk', olga, [bob]);
  expect((await max.request('PUT', `/api/teams/${closers}/leads/${leo.id}`)).statusCode).toBe(200);
  await waitFor(async () => (await api.pool.query('select 1 from teams_v1 where id = $1 and $2 = any(team_lead_ids)', [closers, leo.id])).rowCount === 1);
});
afterAll(async () => api.close());

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const create = (who: Agent, team: number, body: object) => who.request('POST', `/api/teams/${team}/tasks`, body);
const patch = (who: Agent, id: number, body: object) => who.request('PATCH', `/api/team-tasks/${id}`, body);
/** A task made by `who`, in the read model once this resolves (read-your-writes through `minVersion`). */
async function made(who: Agent, team: number, body: object): Promise<number> {
  const res = await create(who, team, body);
  expect(res.statusCode, res.body).toBe(201);
  const { task, version } = res.json();
  await who.request('GET', `/api/teams/${team}/tasks?taskId=${task.id}&minVersion=${version}&limit=1`);
  return task.id;
}
const list = async (who: Agent, team: number, query = '') => (await who.request('GET', `/api/teams/${team}/tasks${query}`)).json();
const titles = (page: { tasks: TeamTask[] }) => page.tasks.map((t) => t.title);

describe("who sees and makes a team's tasks", () => {
  it("lets the team's agents, team lead and manager list and make tasks; another team, another manager and strangers get 403", async () => {
    for (const who of [ann, leo, max]) {
      expect((await create(who, closers, { title: `From ${who.id}`, assignedUserId: cy.id })).statusCode).toBe(201);
      expect((await who.request('GET', `/api/teams/${closers}/tasks`)).statusCode).toBe(200);
    }
    for (const who of [bob, olga]) {
      expect((await create(who, closers, { title: 'Let me in', assignedUserId: bob.id })).json()).toMatchObject({ status: 403, error: 'team.not_member' });
      expect((await who.request('GET', `/api/teams/${closers}/tasks`)).json()).toMatchObject({ status: 403, error: 'team.not_member' });
    }
    expect((await api.app.inject({ method: 'GET', url: `/api/teams/${closers}/tasks` })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: `/api/teams/${closers}/tasks`, payload: { title: 'x', assignedUserId: ann.id } })).statusCode).toBe(401);
    expect((await create(ann, 999_999, { title: 'Nowhere', assignedUserId: ann.id })).statusCode).toBe(404);
    expect((await ann.request('GET', '/api/teams/999999/tasks')).statusCode).toBe(404);
  });

  it("gives tasks to the team's people only, links only leads of the pool and messages of the team's chat", async () => {
    expect((await create(ann, closers, { title: 'For Bob', assignedUserId: bob.id })).json()).toMatchObject({ status: 409, error: 'team_task.assignee_not_on_team' });
    expect((await create(ann, closers, { title: 'For nobody', assignedUserId: 999_999 })).json()).toMatchObject({ status: 409, error: 'team_task.assignee_not_on_team' });
    expect((await create(ann, closers, { title: 'For Max', assignedUserId: max.id })).statusCode).toBe(201);
    expect((await create(ann, closers, { title: 'Ghost lead', assignedUserId: ann.id, leadId: 999_999 })).json()).toMatchObject({ status: 409, error: 'team_task.lead_not_found' });
    const deskPost = (await olga.request('POST', `/api/teams/${desk}/messages`, { content: 'Desk only' })).json().message.id;
    expect((await create(ann, closers, { assignedUserId: ann.id, sourceMessageId: deskPost })).json()).toMatchObject({ status: 409, error: 'team_task.message_not_found' });
  });

  it('makes a task from a chat message, titled by its text, linked to a lead', async () => {
    const post = (await leo.request('POST', `/api/teams/${closers}/messages`, { content: 'The Smiths called:\nthey want a viewing Friday' })).json().message.id;
    await waitFor(async () => (await api.pool.query('select 1 from team_messages_v1 where id = $1', [post])).rowCount === 1);
    const lead = await claimedLead(ann, 'real_estate', 'Dana Smith');
    const id = await made(ann, closers, { assignedUserId: leo.id, sourceMessageId: post, leadId: lead });
    const task = (await list(leo, closers, '?filter=mine')).tasks.find((t: TeamTask) => t.id === id);
    expect(task).toMatchObject({
      title: 'The Smiths called: they want a viewing Friday', sourceMessageId: post, lead: { id: lead, name: 'Dana Smith' },
      assignedUserId: leo.id, assignedUserName: 'Leo Agent', createdBy: ann.id, createdByName: 'Ann Agent', completed: false, dueAt: null, overdue: false,
    });
  });
});

describe('changing, completing and deleting a task (the permission matrix)', () => {
  it("lets the creator, the team lead and the manager edit; not the assignee, a teammate or another team", async () => {
    const id = await made(ann, closers, { title: 'Call back the Smiths', assignedUserId: cy.id, dueAt: inHours(24) });
    for (const [who, title] of [[ann, 'Call the Smiths at 4'], [leo, 'Call the Smiths at 5'], [max, 'Call the Smiths at 6']] as const) {
      const res = await patch(who, id, { title });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().task.title).toBe(title);
    }
    for (const who of [cy, dan]) expect((await patch(who, id, { dueAt: null })).json()).toMatchObject({ status: 403, error: 'team_task.edit_forbidden' });
    for (const who of [bob, olga]) expect((await patch(who, id, { title: 'Mine' })).json()).toMatchObject({ status: 403, error: 'team.not_member' });
    expect((await api.app.inject({ method: 'PATCH', url: `/api/team-tasks/${id}`, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await patch(leo, id, { assignedUserId: bob.id })).json()).toMatchObject({ status: 409, error: 'team_task.assignee_not_on_team' });
    const reassigned = await patch(leo, id, { assignedUserId: dan.id, dueAt: null });
    expect(reassigned.json().task).toMatchObject({ assignedUserId: dan.id, dueAt: null });
  });

  it('lets the assignee (and editors) complete and reopen; a teammate or another team may not', async () => {
    const id = await made(ann, closers, { title: 'Send the contract', assignedUserId: cy.id });
    expect((await patch(dan, id, { completed: true })).json()).toMatchObject({ status: 403, error: 'team_task.complete_forbidden' });
    expect((await patch(bob, id, { completed: true })).json()).toMatchObject({ status: 403, error: 'team.not_member' });
    expect((await patch(cy, id, { completed: true })).json().task).toMatchObject({ completed: true, completedAt: expect.any(String) });
    expect((await patch(cy, id, { completed: true })).statusCode).toBe(200); // already done: nothing changes
    expect((await patch(leo, id, { completed: false })).json().task).toMatchObject({ completed: false, completedAt: null });
    const events = (await api.pool.query(`select type from events where stream_id = $1 order by stream_version`, [`team_task-${id}`])).rows.map((r) => r.type);
    expect(events).toEqual(['TeamTaskCreated', 'TeamTaskCompleted', 'TeamTaskReopened']);
  });

  it("lets the creator, the team lead and the manager delete; then the task is gone for everyone", async () => {
    for (const remover of [ann, leo, max]) {
      const id = await made(ann, closers, { title: `Delete me (${remover.id})`, assignedUserId: cy.id });
      for (const who of [cy, dan]) expect((await who.request('DELETE', `/api/team-tasks/${id}`)).json()).toMatchObject({ status: 403, error: 'team_task.delete_forbidden' });
      expect((await bob.request('DELETE', `/api/team-tasks/${id}`)).json()).toMatchObject({ status: 403, error: 'team.not_member' });
      const res = await remover.request('DELETE', `/api/team-tasks/${id}`);
      expect(res.json().task.deletedAt).toEqual(expect.any(String));
      await ann.request('GET', `/api/teams/${closers}/tasks?taskId=${id}&minVersion=${res.json().version}&limit=1`);
      expect(titles(await list(cy, closers, '?filter=mine&limit=100'))).not.toContain(`Delete me (${remover.id})`);
      for (const who of [ann, max]) expect((await patch(who, id, { completed: true })).json()).toMatchObject({ status: 404, error: 'team_task.not_found' });
      expect((await max.request('DELETE', `/api/team-tasks/${id}`)).statusCode).toBe(404);
    }
  });

  it('answers 400 to bodies and queries the contract does not allow, and appends nothing', async () => {
    const id = await made(ann, closers, { title: 'Well formed', assignedUserId: ann.id });
    const before = (await api.pool.query(`select count(*)::int as n from events where stream_id like 'team_task-%'`)).rows[0].n;
    const bad = [{}, { title: 'x' }, { title: '   ', assignedUserId: ann.id }, { title: 'x'.repeat(201), assignedUserId: ann.id },
      { title: 'x', assignedUserId: 'ann' }, { title: 'x', assignedUserId: ann.id, dueAt: 'tomorrow' }, { title: 'x', assignedUserId: ann.id, dueAt: '0000-01-01T00:00:00Z' },
      { title: 'x', assignedUserId: ann.id, createdBy: bob.id }, { title: 'x', assignedUserId: 2_147_483_648 }, { assignedUserId: ann.id }];
    for (const body of bad) expect((await create(ann, closers, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    for (const body of [{}, { completed: 'yes' }, { title: '' }, { dueAt: 5 }, { teamId: desk }, { leadId: -1 }]) {
      expect((await patch(ann, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const q of ['?filter=all', '?limit=0', '?limit=101', '?cursor=%21%21', `?cursor=${Buffer.from('["x"]').toString('base64url')}`, '?taskId=0']) {
      expect((await ann.request('GET', `/api/teams/${closers}/tasks${q}`)).statusCode, q).toBe(400);
    }
    expect((await ann.request('PATCH', '/api/team-tasks/abc', { title: 'x' })).statusCode).toBe(400);
    expect((await api.pool.query(`select count(*)::int as n from events where stream_id like 'team_task-%'`)).rows[0].n).toBe(before);
  });
});

describe("a team's task lists", () => {
  it('lists mine, the open team, the overdue and the done tasks, in order, with counts, a page at a time', async () => {
    const [sue, pam, quin] = await Promise.all([api.agent('sue'), api.agent('pam'), api.agent('quin')]);
    const sorting = await staffTeam(api, 'Sorting', sue, [pam, quin]);
    const late = await made(pam, sorting, { title: 'Late', assignedUserId: pam.id, dueAt: new Date(Date.now() - 3_600_000).toISOString() });
    await made(pam, sorting, { title: 'Undated', assignedUserId: pam.id });
    await made(pam, sorting, { title: 'Soon', assignedUserId: quin.id, dueAt: inHours(1) });
    await made(pam, sorting, { title: 'Later', assignedUserId: pam.id, dueAt: inHours(5) });
    for (const title of ['Done first', 'Done second']) {
      const id = await made(pam, sorting, { title, assignedUserId: quin.id });
      const res = await patch(quin, id, { completed: true });
      await pam.request('GET', `/api/teams/${sorting}/tasks?taskId=${id}&minVersion=${res.json().version}&limit=1`);
    }
    const mine = await list(pam, sorting, '?filter=mine');
    expect(titles(mine)).toEqual(['Late', 'Later', 'Undated']);
    expect(mine.counts).toEqual({ mine: 3, team: 4, done: 2, overdue: 1 });
    expect(titles(await list(quin, sorting, '?filter=mine'))).toEqual(['Soon']);
    expect(titles(await list(sue, sorting, '?filter=team'))).toEqual(['Late', 'Soon', 'Later', 'Undated']);
    expect(titles(await list(pam, sorting))).toEqual(['Late', 'Soon', 'Later', 'Undated']);
    const overdue = await list(pam, sorting, '?filter=overdue');
    expect(overdue.tasks).toEqual([expect.objectContaining({ id: late, title: 'Late', overdue: true })]);
    expect(titles(await list(pam, sorting, '?filter=done'))).toEqual(['Done second', 'Done first']);

    const walked: string[] = [];
    for (let cursor = ''; ;) {
      const page = await list(pam, sorting, `?filter=team&limit=1${cursor}`);
      walked.push(...titles(page));
      if (!page.nextCursor) break;
      cursor = `&cursor=${page.nextCursor}`;
    }
    expect(walked).toEqual(['Late', 'Soon', 'Later', 'Undated']);
    const done = await list(pam, sorting, '?filter=done&limit=1');
    expect(titles(await list(pam, sorting, `?filter=done&limit=1&cursor=${done.nextCursor}`))).toEqual(['Done first']);
  });
});

describe('telling the team', () => {
  const notes = async (who: Agent, type: string) => (await who.request('GET', '/api/notifications')).json().notifications
    .filter((n: { eventType: string }) => n.eventType === type);
  const dueFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

  it('tells the assignee of a task given to them, and when it falls overdue; a due time moved away never fires', async () => {
    const moved = await made(ann, closers, { title: 'Moved away', assignedUserId: cy.id, dueAt: new Date(Date.now() + 2_000).toISOString() });
    await patch(ann, moved, { dueAt: inHours(48) });
    const dueAt = new Date(Date.now() + 3_000).toISOString();
    const id = await made(ann, closers, { title: 'Ring the Garcias', assignedUserId: cy.id, dueAt });
    const [overdue] = await waitFor(async () => {
      const found = (await notes(cy, 'task_overdue')).filter((n: { data: { taskId: number } }) => n.data.taskId === id);
      return found.length > 0 && found;
    }, { what: "Cy's overdue notice" });
    expect(overdue).toMatchObject({ title: 'Task Overdue', category: 'team', message: `Overdue: Ring the Garcias (due ${dueFormat.format(new Date(dueAt))} UTC)` });
    expect((await notes(cy, 'task_overdue')).filter((n: { data: { taskId: number } }) => n.data.taskId === moved)).toEqual([]);
    expect((await list(cy, closers, '?filter=overdue')).tasks.map((t: TeamTask) => t.id)).toContain(id);
    const assigned = (await notes(cy, 'task_assigned')).find((n: { data: { taskId: number } }) => n.data.taskId === id);
    expect(assigned).toMatchObject({ title: 'New Task', message: 'Ann Agent gave you a task: Ring the Garcias' });
    // Your own task, or one you hand to yourself, tells nobody.
    const own = await made(ann, closers, { title: 'Note to self', assignedUserId: ann.id });
    const handed = await patch(ann, own, { assignedUserId: dan.id });
    await waitFor(async () => (await notes(dan, 'task_assigned')).some((n: { data: { taskId: number } }) => n.data.taskId === own));
    expect(handed.statusCode).toBe(200);
    expect((await notes(ann, 'task_assigned')).filter((n: { data: { taskId: number } }) => n.data.taskId === own)).toEqual([]);
  });

  it("sends each change over /ws to the team's members and manager, never to another team", async () => {
    const [cySocket, maxSocket, bobSocket] = [connectSocket(base, cy.cookie), connectSocket(base, max.cookie), connectSocket(base, bob.cookie)];
    await Promise.all([cySocket.opened, maxSocket.opened, bobSocket.opened]);
    const taskMessages = (s: typeof cySocket, team: number) => s.received.flatMap((m) => (m.type === 'team_task' && m.teamId === team ? [m] : []));
    const res = await create(leo, closers, { title: 'Live one', assignedUserId: cy.id });
    const { task, version } = res.json();
    for (const s of [cySocket, maxSocket]) {
      await waitFor(() => taskMessages(s, closers).some((m) => m.taskId === task.id && m.version === version), { what: 'the task on a Closers socket' });
    }
    await patch(cy, task.id, { completed: true });
    await waitFor(() => taskMessages(cySocket, closers).some((m) => m.taskId === task.id && m.version === version + 1));
    const deskTask = (await create(olga, desk, { title: 'Desk only', assignedUserId: bob.id })).json().task.id;
    await waitFor(() => taskMessages(bobSocket, desk).some((m) => m.taskId === deskTask), { what: 'the Desk task on Bob\'s socket' });
    expect(taskMessages(bobSocket, closers)).toEqual([]);
    expect(taskMessages(cySocket, desk)).toEqual([]);
    expect(taskMessages(maxSocket, desk)).toEqual([]);
    for (const s of [cySocket, maxSocket, bobSocket]) s.ws.close();
  });
});
