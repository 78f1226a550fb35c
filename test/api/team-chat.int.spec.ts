import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketMessage } from '../../contracts/src/socket-messages';
import type { TeamMessage } from '../../contracts/src/team-chat';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

// The floor: Max manages Closers (Ann, and Leo its team lead); Olga manages Desk (Bob) and,
// sitting on Desk, also Night (Nia).
let api: Api;
let base: string;
let max: Agent, olga: Agent, ann: Agent, leo: Agent, bob: Agent, nia: Agent;
let closers: number, desk: number, night: number;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  [max, olga, ann, leo, bob, nia] = await Promise.all([api.agent('max'), api.agent('olga'), api.agent('ann'), api.agent('leo'), api.agent('bob'), api.agent('nia')]);
  closers = await staffTeam(api, 'Closers', max, [ann, leo]);
  desk = await staffTeam(api, 'Desk', olga, [bob]);
  expect((await max.request('PUT', `/api/teams/${closers}/leads/${leo.id}`)).statusCode).toBe(200);
  night = (await olga.request('POST', '/api/teams', { name: 'Night' })).json().team.id;
  expect((await olga.request('PUT', `/api/teams/${night}/members/${nia.id}`)).statusCode).toBe(200);
  await waitFor(async () => (await api.pool.query('select 1 from users_v1 where id = $1 and team_id = $2', [nia.id, night])).rowCount === 1);
});
afterAll(async () => api.close());

const post = (who: Agent, team: number, content: string) => who.request('POST', `/api/teams/${team}/messages`, { content });
const read = async (who: Agent, team: number, query = '') => (await who.request('GET', `/api/teams/${team}/messages${query}`)).json();
/** Waits until the team's chat read model has reached `seq` (its own head, read as a member would). */
const readUpTo = (who: Agent, team: number, seq: number, query = '') =>
  waitFor(async () => {
    const page = await read(who, team, query);
    return page.headSeq >= seq ? page : undefined;
  }, { what: `team ${team}'s chat at ${seq}` });
const teamMessages = (received: SocketMessage[], team: number) =>
  received.flatMap((m) => (m.type === 'team_message' && m.teamId === team ? [m] : []));

describe('who reads and posts in a team chat (the permission matrix)', () => {
  it("lets the team's agents, team lead and manager post and read, and nobody else", async () => {
    for (const who of [ann, leo, max]) expect((await post(who, closers, `hello from ${who.id}`)).statusCode).toBe(201);
    const page = await readUpTo(ann, closers, 3);
    expect(page.messages.map((m: TeamMessage) => m.authorId)).toEqual([ann.id, leo.id, max.id]);
    for (const who of [bob, olga]) {
      expect((await post(who, closers, 'let me in')).json()).toMatchObject({ status: 403, error: 'team.not_member' });
      expect((await who.request('GET', `/api/teams/${closers}/messages`)).json()).toMatchObject({ status: 403, error: 'team.not_member' });
    }
    expect((await api.app.inject({ method: 'GET', url: `/api/teams/${closers}/messages` })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: `/api/teams/${closers}/messages`, payload: { content: 'hi' } })).statusCode).toBe(401);
    expect((await post(ann, 999_999, 'anyone?')).statusCode).toBe(404);
    expect((await ann.request('GET', '/api/teams/999999/messages')).statusCode).toBe(404);
  });

  it('lets a manager into the chat of a team they manage from another team', async () => {
    expect((await post(olga, night, 'Welcome, Nia')).statusCode).toBe(201);
    expect((await post(nia, night, 'Thanks!')).statusCode).toBe(201);
    const page = await readUpTo(olga, night, 2);
    expect(page.messages.map((m: TeamMessage) => m.content)).toEqual(['Welcome, Nia', 'Thanks!']);
    expect((await post(bob, night, 'hi')).statusCode).toBe(403);
  });

  it("lets the author edit and delete, the team's manager delete, and nobody else", async () => {
    const id = (await post(ann, closers, 'Smiths want a call at 3')).json().message.id;
    const edit = (who: Agent) => who.request('PATCH', `/api/team-messages/${id}`, { content: 'Smiths want a call at 4' });
    for (const who of [leo, max]) expect((await edit(who)).json()).toMatchObject({ status: 403, error: 'team_message.not_author' });
    expect((await edit(bob)).json()).toMatchObject({ status: 403, error: 'team.not_member' });
    const edited = await edit(ann);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toMatchObject({ content: 'Smiths want a call at 4', editedAt: expect.any(String) });
    expect((await leo.request('DELETE', `/api/team-messages/${id}`)).json()).toMatchObject({ status: 403, error: 'team_message.delete_forbidden' });
    expect((await olga.request('DELETE', `/api/team-messages/${id}`)).statusCode).toBe(403);
    const removed = await max.request('DELETE', `/api/team-messages/${id}`);
    expect(removed.json().message).toMatchObject({ content: '', deletedAt: expect.any(String) });
    expect((await edit(ann)).json()).toMatchObject({ status: 409, error: 'team_message.deleted' });
    expect((await ann.request('DELETE', '/api/team-messages/999999')).statusCode).toBe(404);
    const page = await readUpTo(ann, closers, 0, '?limit=200');
    await waitFor(async () => (await read(ann, closers, '?limit=200')).messages.find((m: TeamMessage) => m.id === id)?.deletedAt);
    expect(page.messages.find((m: TeamMessage) => m.id === id)).toBeDefined();
  });

  it('refuses content that is empty, over 4,000 characters or not the contract, and keeps HTML as text', async () => {
    for (const body of [{ content: '   ' }, { content: 'x'.repeat(4001) }, {}, { content: 7 }, { content: 'hi', authorId: bob.id }]) {
      const res = await ann.request('POST', `/api/teams/${closers}/messages`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const q of ['?after=-1', '?limit=0', '?before=1&after=2', '?after=99999999999']) {
      expect((await ann.request('GET', `/api/teams/${closers}/messages${q}`)).statusCode, q).toBe(400);
    }
    const html = '<img src=x onerror=alert(1)> <b>bold</b>';
    const id = (await post(ann, closers, html)).json().message.id;
    await waitFor(async () => (await read(ann, closers)).messages.find((m: TeamMessage) => m.id === id)?.content === html);
  });
});

describe('a team chat over /ws', () => {
  it('sends each change with the next per-team sequence number to the team only', async () => {
    const annSocket = connectSocket(base, ann.cookie);
    const bobSocket = connectSocket(base, bob.cookie);
    await Promise.all([annSocket.opened, bobSocket.opened]);
    const { headSeq } = await read(ann, closers);
    const id = (await post(leo, closers, 'Standup in 5')).json().message.id;
    await ann.request('POST', `/api/teams/${closers}/messages`, { content: 'On my way' });
    await leo.request('PATCH', `/api/team-messages/${id}`, { content: 'Standup in 10' });
    const got = await waitFor(() => {
      const seen = teamMessages(annSocket.received, closers);
      return seen.length >= 3 ? seen : undefined;
    }, { what: 'three changes on Ann\'s socket' });
    expect(got.map((m) => m.seq)).toEqual([headSeq + 1, headSeq + 2, headSeq + 3]);
    expect(got[2]!.message).toMatchObject({ id, content: 'Standup in 10', postedSeq: headSeq + 1, authorName: 'Leo Agent' });
    // Bob is on another team: a change to Desk reaches him, Closers' never did.
    await post(olga, desk, 'Desk only');
    await waitFor(() => teamMessages(bobSocket.received, desk).length === 1);
    expect(bobSocket.received.filter((m) => m.type === 'team_message' && m.teamId === closers)).toEqual([]);
    expect(teamMessages(annSocket.received, desk)).toEqual([]);
    annSocket.ws.close();
    bobSocket.ws.close();
  });

  it('gives a client back exactly what it missed while away: no gap, no duplicate', async () => {
    const first = connectSocket(base, ann.cookie);
    await first.opened;
    await post(leo, closers, 'Before the tunnel');
    const last = await waitFor(() => teamMessages(first.received, closers).at(-1));
    first.ws.close();
    await first.closed;
    // While Ann is away: two posts, an edit of one of them and a delete by the manager.
    const a = (await post(leo, closers, 'Smith file is in')).json().message.id;
    const b = (await post(max, closers, 'Target moved to 40')).json().message.id;
    await leo.request('PATCH', `/api/team-messages/${a}`, { content: 'Smith file is in the drive' });
    await max.request('DELETE', `/api/team-messages/${b}`);
    const second = connectSocket(base, ann.cookie);
    await second.opened;
    // Back: one catch-up read from her last number, pages of two to walk `hasMore`.
    const missed: TeamMessage[] = [];
    let from = last.seq;
    for (let more = true; more;) {
      const page = await readUpTo(ann, closers, last.seq + 4, `?after=${from}&limit=2`);
      missed.push(...page.messages);
      from = page.messages.at(-1)?.seq ?? from;
      more = page.hasMore;
    }
    // Each changed message once, as it stands, in the order of its last change.
    expect(missed.map((m) => [m.id, m.content, m.deletedAt !== null])).toEqual([
      [a, 'Smith file is in the drive', false], [b, '', true],
    ]);
    expect(missed.map((m) => m.seq)).toEqual([last.seq + 3, last.seq + 4]);
    expect(from).toBe(last.seq + 4);
    // Live again from the next number on (changes made while it connected may come too: a
    // client drops those it has by their number).
    await post(ann, closers, 'Back online');
    const next = await waitFor(() => teamMessages(second.received, closers).find((m) => m.message.content === 'Back online'));
    expect(next.seq).toBe(last.seq + 5);
    second.ws.close();
  });
});

describe('reading a team chat', () => {
  it('pages back through history oldest first, and numbers each team on its own', async () => {
    const team = (await max.request('POST', '/api/teams', { name: 'Paging' })).json().team.id;
    for (const n of [1, 2, 3, 4, 5]) expect((await post(max, team, `message ${n}`)).statusCode).toBe(201);
    const newest = await readUpTo(max, team, 5, '?limit=2');
    expect(newest).toMatchObject({ headSeq: 5, hasMore: true });
    expect(newest.messages.map((m: TeamMessage) => [m.content, m.postedSeq])).toEqual([['message 4', 4], ['message 5', 5]]);
    const older = await read(max, team, `?limit=2&before=${newest.messages[0].postedSeq}`);
    expect(older.messages.map((m: TeamMessage) => m.content)).toEqual(['message 2', 'message 3']);
    const oldest = await read(max, team, `?limit=2&before=${older.messages[0].postedSeq}`);
    expect(oldest).toMatchObject({ hasMore: false, messages: [expect.objectContaining({ content: 'message 1' })] });
  });

  it('finds messages by every word of a search, as prefixes, never the deleted ones, whatever is typed', async () => {
    const team = (await max.request('POST', '/api/teams', { name: 'Search' })).json().team.id;
    for (const text of ['Called the Smith family about the condo', 'Smithson deal closed!']) expect((await post(max, team, text)).statusCode).toBe(201);
    const gone = (await post(max, team, 'Smith secret')).json().message.id;
    await max.request('DELETE', `/api/team-messages/${gone}`);
    await readUpTo(max, team, 4);
    const found = async (q: string) => (await read(max, team, `?q=${encodeURIComponent(q)}`)).messages.map((m: TeamMessage) => m.content);
    expect(await found('smith')).toEqual(['Smithson deal closed!', 'Called the Smith family about the condo']);
    expect(await found('call smi')).toEqual(['Called the Smith family about the condo']);
    for (const q of ["' & | ! :*", '()', 'smith\\']) expect((await max.request('GET', `/api/teams/${team}/messages?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
  });
});

describe('mentions', () => {
  it("notifies the team's people a message mentions, unless they turned team notifications off", async () => {
    const notes = async (who: Agent) => (await who.request('GET', '/api/notifications')).json().notifications
      .filter((n: { eventType: string }) => n.eventType === 'team_mention');
    const res = await post(ann, closers, '@leo can you take the Smith call? @bob too, and @ann');
    expect(res.json().message.mentionedUserIds).toEqual([leo.id]); // Bob is not on Closers; Ann is the author
    const [note] = await waitFor(async () => {
      const n = await notes(leo);
      return n.length > 0 ? n : undefined;
    }, { what: "Leo's mention" });
    expect(note).toMatchObject({ title: 'You Were Mentioned', category: 'team', message: 'Ann Agent mentioned you: "@leo can you take the Smith call? @bob too, and @ann"', data: { teamId: closers } });

    expect((await leo.request('PUT', '/api/notification-preferences', { teamNotificationsEnabled: false })).statusCode).toBe(200);
    // The preference and the message are applied in log order: the message finds it off.
    await post(ann, closers, '@LEO and @max: numbers are in');
    await waitFor(async () => (await notes(max)).some((n: { message: string }) => n.message.includes('numbers are in')), { what: "Max's mention" });
    expect((await notes(leo)).map((n: { message: string }) => n.message)).not.toContainEqual(expect.stringContaining('numbers are in'));
  });
});
