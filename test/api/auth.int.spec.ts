import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../api-harness';

let api: Api;
beforeAll(async () => {
  api = await startApi({ limits: { loginPerAccount: { max: 3, windowMs: 60_000 }, loginPerAddress: { max: 1000, windowMs: 60_000 } } });
});
afterAll(async () => api.close());

const register = (username: string, extra: Record<string, unknown> = {}) => api.app.inject({
  method: 'POST', url: '/api/auth/register',
  payload: { username, email: `${username}@example.com`, password: 'secret123', fullName: 'Pat Doe', role: 'agent', level: 'rookie', points: 0, ...extra },
});
const login = (username: string, password: string, cookie?: string) => api.app.inject({
  method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: cookie ? { cookie } : {},
});
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

describe('registration', () => {
  it('always creates an agent at rookie level with 0 points, and signs them in', async () => {
    const res = await register('pat', { role: 'manager', level: 'elite', points: 9999 });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'pat', fullName: 'Pat Doe', role: 'agent', level: 'rookie', points: 0 });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|passwordHash/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await api.app.inject({ url: '/api/auth/current-user', headers: { cookie: cookieOf(res) } });
    expect(me.json().user).toMatchObject({ username: 'pat', role: 'agent' });
  });

  it('stores an argon2id hash at OWASP parameters, never the password', async () => {
    await register('hashcheck');
    const { rows } = await api.pool.query(`select data->>'passwordHash' as h from events where type = 'UserRegistered' and data->>'username' = 'hashcheck'`);
    expect(rows[0].h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a username or email already taken, whatever the case', async () => {
    await register('Taken');
    const dupName = await register('taken', { email: 'other@example.com' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json()).toMatchObject({ error: 'username_taken', field: 'username' });
    const dupEmail = await register('fresh1', { email: 'TAKEN@example.com' });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toMatchObject({ error: 'email_taken', field: 'email' });
  });

  it('answers 400 with the spec messages for invalid fields, and for unknown ones', async () => {
    const short = await register('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual(expect.objectContaining({ field: 'username', message: 'Username must be at least 3 characters' }));
    const badEmail = await register('okname', { email: 'not-an-email' });
    expect(badEmail.json().errors).toContainEqual(expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' }));
    const weak = await register('okname2', { password: '123' });
    expect(weak.json().errors).toContainEqual(expect.objectContaining({ field: 'password', message: 'Password must be at least 6 characters' }));
    const unknown = await register('okname3', { isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect((await api.pool.query(`select 1 from unique_keys where key like 'okname%'`)).rowCount).toBe(0);
  });
});

describe('sign-in', () => {
  it('signs in by username or by email and gives a new session id each time', async () => {
    await register('sam');
    const byName = await login('sam', 'secret123');
    const byEmail = await login('SAM@example.com', 'secret123');
    expect(byName.statusCode).toBe(200);
    expect(byEmail.json().user.username).toBe('sam');
    expect(cookieOf(byName)).not.toBe(cookieOf(byEmail));
  });

  it('answers invalid_credentials the same way for a wrong password and an unknown account', async () => {
    await register('kim');
    const wrong = await login('kim', 'nope-nope');
    const nobody = await login('nobody-here', 'nope-nope');
    for (const res of [wrong, nobody]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_credentials', message: 'The username or password you entered is incorrect.' });
    }
  });

  it('limits guessing per account with 429 and Retry-After, existing or not', async () => {
    await register('lee');
    for (const name of ['lee', 'ghost-account']) {
      for (let i = 0; i < 3; i++) expect((await login(name, 'bad-guess')).statusCode).toBe(401);
      const limited = await login(name, name === 'lee' ? 'secret123' : 'bad-guess');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error).toBe('rate_limited');
    }
  });

  it('never turns a cookie planted before sign-in into the session (fixation)', async () => {
    await register('fix');
    const planted = 'lf_session=attacker-chosen-value';
    const res = await login('fix', 'secret123', planted);
    expect(cookieOf(res)).not.toBe(planted);
    const withPlanted = await api.app.inject({ url: '/api/auth/current-user', headers: { cookie: planted } });
    expect(withPlanted.json()).toEqual({ user: null });
  });

  it('kills the session at sign-out: the old cookie reads as signed out and cannot write', async () => {
    await register('bye');
    const cookie = cookieOf(await login('bye', 'secret123'));
    const out = await api.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await api.app.inject({ url: '/api/auth/current-user', headers: { cookie } })).json()).toEqual({ user: null });
    const write = await api.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie }, payload: {} });
    expect(write.statusCode).toBe(401);
  });

  it('answers {user: null} without a session, and refuses reads that need one', async () => {
    expect((await api.app.inject({ url: '/api/auth/current-user' })).json()).toEqual({ user: null });
    expect((await api.app.inject({ url: '/api/leads' })).statusCode).toBe(401);
  });
});
