import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WRONG_PASSWORDS_PER_ACCOUNT = 3;

let api: Api;
let base: string;
beforeAll(async () => {
  // No heartbeat sweep within a test: a socket closes because the request that ended its session closed it.
  api = await startApi({ heartbeatMs: 3_600_000, limits: { loginPerAccount: { max: WRONG_PASSWORDS_PER_ACCOUNT, windowMs: 60_000 } } });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => api.close());

/** Another sign-in of `username` from a browser with this User-Agent; answers its cookie. */
async function signIn(username: string, userAgent: string, password = 'secret123'): Promise<string> {
  const res = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'user-agent': userAgent } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
const as = (cookie: string, userAgent = CHROME_MAC) => ({
  get: (url: string) => api.app.inject({ method: 'GET', url, headers: { cookie, 'user-agent': userAgent } }),
  send: (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    api.app.inject({ method, url, headers: { cookie, 'user-agent': userAgent }, ...(payload ? { payload } : {}) }),
});

/** An open socket of a session; `closed` resolves with its close code. */
async function socketOf(cookie: string) {
  const socket = connectSocket(base, cookie);
  await socket.opened;
  return { ws: socket.ws, closed: socket.closed.then((c) => c.code) };
}

describe('GET /api/sessions', () => {
  let dan: Agent;
  let laptop: string;
  let phone: string;
  beforeAll(async () => {
    dan = await api.agent('dan');
    laptop = await signIn('dan', FIREFOX_LINUX);
    phone = await signIn('dan', SAFARI_IPHONE);
    await as(phone, SAFARI_IPHONE).get('/api/auth/current-user');
  });

  it('lists where the user is signed in with device, times and this device, never a token', async () => {
    const res = await as(laptop, FIREFOX_LINUX).get('/api/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([expect.objectContaining({ device: 'Firefox on Linux' })]);
    expect(sessions.map((s: { device: string }) => s.device)).toEqual(expect.arrayContaining(['Safari on iOS', 'Firefox on Linux']));
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt) - 1000);
    }
    for (const cookie of [dan.cookie, laptop, phone]) expect(res.body).not.toContain(cookie.split('=')[1]);
    const { rows } = await api.pool.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [dan.id]);
    for (const r of rows) expect(res.body).not.toContain(r.token_hash);
  });

  it('moves "last seen" at most every few minutes, not on every request', async () => {
    const read = async () => (await api.pool.query<{ last_seen_at: Date }>(
      `select last_seen_at from sessions where user_id = $1 and user_agent like '%Firefox%'`, [dan.id])).rows[0]!.last_seen_at.getTime();
    const seen = await read();
    await as(laptop, FIREFOX_LINUX).get('/api/profile');
    expect(await read()).toBe(seen);
    await api.pool.query(`update sessions set last_seen_at = now() - interval '10 minutes' where user_id = $1 and user_agent like '%Firefox%'`, [dan.id]);
    const stale = await read();
    await as(laptop, FIREFOX_LINUX).get('/api/profile');
    expect(await read()).toBeGreaterThan(stale);
  });

  it('needs a session', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('ends that session, closes its socket and leaves the others', async () => {
    const eve = await api.agent('eve');
    const tablet = await signIn('eve', SAFARI_IPHONE);
    const socket = await socketOf(tablet);
    const listed = (await as(eve.cookie).get('/api/sessions')).json().sessions;
    const other = listed.find((s: { current: boolean }) => !s.current);

    const res = await as(eve.cookie).send('DELETE', `/api/sessions/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(await socket.closed).toBe(4401);
    expect((await as(tablet).get('/api/profile')).statusCode).toBe(401);
    expect((await as(eve.cookie).get('/api/profile')).statusCode).toBe(200);
    expect((await as(eve.cookie).send('DELETE', `/api/sessions/${other.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and ends nothing", async () => {
    const fay = await api.agent('fay');
    const gus = await api.agent('gus');
    const gusSession = (await as(gus.cookie).get('/api/sessions')).json().sessions[0];
    const res = await as(fay.cookie).send('DELETE', `/api/sessions/${gusSession.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('session.not_found');
    expect((await as(gus.cookie).get('/api/profile')).statusCode).toBe(200);
    expect((await as(fay.cookie).send('DELETE', '/api/sessions/not-a-uuid')).statusCode).toBe(400);
  });

  it('signs out here when the session ended is this one', async () => {
    const hal = await api.agent('hal');
    const mine = (await as(hal.cookie).get('/api/sessions')).json().sessions[0];
    const res = await as(hal.cookie).send('DELETE', `/api/sessions/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/lf_session=;/);
    expect((await as(hal.cookie).get('/api/profile')).statusCode).toBe(401);
  });

  it('DELETE /api/sessions ends every other session', async () => {
    const ivy = await api.agent('ivy');
    const a = await signIn('ivy', FIREFOX_LINUX);
    const b = await signIn('ivy', SAFARI_IPHONE);
    const res = await as(ivy.cookie).send('DELETE', '/api/sessions');
    expect(res.json()).toEqual({ success: true, endedSessions: 2 });
    expect((await as(a).get('/api/profile')).statusCode).toBe(401);
    expect((await as(b).get('/api/profile')).statusCode).toBe(401);
    expect((await as(ivy.cookie).get('/api/profile')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the current password, ends the other sessions and closes their sockets, keeps this one', async () => {
    const joy = await api.agent('joy');
    const phone = await signIn('joy', SAFARI_IPHONE);
    const socket = await socketOf(phone);

    const res = await as(joy.cookie).send('POST', '/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'better-secret' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, endedSessions: 1 });
    expect(await socket.closed).toBe(4401);
    expect((await as(phone).get('/api/profile')).statusCode).toBe(401);
    expect((await as(joy.cookie).get('/api/profile')).statusCode).toBe(200);

    const { rows } = await api.pool.query(`select data from events where stream_id = $1 and type = 'PasswordChanged'`, [`user-${joy.id}`]);
    expect(rows).toHaveLength(1);
    expect(rows[0].data.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows[0].data)).not.toContain('better-secret');
    const old = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'joy', password: 'secret123' } });
    expect(old.statusCode).toBe(401);
    expect(await signIn('joy', CHROME_MAC, 'better-secret')).toMatch(/^lf_session=/);
  });

  it('refuses a wrong current password (403) and a new one that breaks registration’s rules (400), changing nothing', async () => {
    const kim = await api.agent('kim');
    const wrong = await as(kim.cookie).send('POST', '/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'better-secret' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'invalid_current_password', field: 'currentPassword' });
    for (const body of [
      { currentPassword: 'secret123', newPassword: '12345' },
      { currentPassword: 'secret123', newPassword: 'secret123' },
      { currentPassword: 'secret123' },
      { currentPassword: 'secret123', newPassword: 'better-secret', userId: 1 },
    ]) {
      const res = await as(kim.cookie).send('POST', '/api/auth/change-password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { rows } = await api.pool.query(`select 1 from events where stream_id = $1 and type = 'PasswordChanged'`, [`user-${kim.id}`]);
    expect(rows).toEqual([]);
  });

  it('limits wrong current passwords per account like sign-in: 429 with Retry-After, even for the right one', async () => {
    const lou = await api.agent('lou');
    for (let i = 0; i < WRONG_PASSWORDS_PER_ACCOUNT; i++) {
      expect((await as(lou.cookie).send('POST', '/api/auth/change-password', { currentPassword: `wrong-${i}`, newPassword: 'better-secret' })).statusCode).toBe(403);
    }
    const limited = await as(lou.cookie).send('POST', '/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'better-secret' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await api.pool.query(`select 1 from events where stream_id = $1 and type = 'PasswordChanged'`, [`user-${lou.id}`]);
    expect(rows).toEqual([]);
  });
});
