import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/src/logger';
import { startApi, type Api } from '../api-harness';
import { waitFor } from '../wait-for';

// The app's log, captured at its most verbose: what an operator could ever see.
type Line = Record<string, unknown> & { msg?: string; reqId?: string; correlationId?: string };
let captured = '';
const lines = (): Line[] => captured.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

let api: Api;
beforeAll(async () => {
  const sink = new Writable({ write(chunk, _encoding, done) { captured += chunk; done(); } });
  api = await startApi({ logger: createLogger({ LOG_LEVEL: 'trace' }, 'leadfloor', sink) });
});
afterAll(async () => api.close());

const PASSWORD = 'Pass-Phrase-9f3c2a';
const WRONG = 'Wrong-Guess-71b0de';
const sessionOf = (setCookie: unknown) => /lf_session=([^;]+)/.exec(String(setCookie))?.[1];

describe('logs', () => {
  it("never hold a sign-in's password or session id", async () => {
    const register = await api.app.inject({ method: 'POST', url: '/api/auth/register',
      payload: { username: 'logan', email: 'logan@example.com', password: PASSWORD, fullName: 'Logan Agent' } });
    expect(register.statusCode).toBe(201);
    const wrong = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'logan', password: WRONG } });
    expect(wrong.statusCode).toBe(401);
    const login = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'logan', password: PASSWORD, rememberMe: true } });
    expect(login.statusCode).toBe(200);
    const session = sessionOf(login.headers['set-cookie']);
    expect(session).toBeTruthy();
    const me = await api.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie: `lf_session=${session}`, authorization: `Bearer ${session}` } });
    expect(me.json().user.username).toBe('logan');
    await api.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `lf_session=${session}` } });

    const signIn = lines().filter((l) => l.reqId === login.headers['x-request-id']);
    expect(signIn.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const secret of [PASSWORD, WRONG, session!, sessionOf(register.headers['set-cookie'])!]) {
      expect(captured).not.toContain(secret);
    }
    expect(captured).not.toMatch(/\$argon2id\$/);
  });

  it('follow one claim from its request to the read model by its request id', async () => {
    const ann = await api.agent('annlog');
    const created = await ann.request('POST', '/api/leads', { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'real_estate' });
    const leadId = created.json().lead.id as number;
    const claim = await ann.request('POST', `/api/leads/${leadId}/claim`, {}, { 'x-request-id': 'claim-trace-0001' });
    expect(claim.statusCode).toBe(200);
    expect(claim.headers['x-request-id']).toBe('claim-trace-0001');

    const { rows } = await api.pool.query<{ metadata: { correlationId: string } }>(
      `select metadata from events where stream_id = $1 and type = 'LeadClaimed'`, [`lead-${leadId}`]);
    expect(rows.map((r) => r.metadata.correlationId)).toEqual(['claim-trace-0001']);

    const projected = await waitFor(() => lines().find((l) =>
      l.msg === 'projected' && l.correlationId === 'claim-trace-0001' && l.projection === 'lead_pool_v1'), { what: 'the projector to log the claim' });
    expect(projected).toMatchObject({ type: 'LeadClaimed', streamId: `lead-${leadId}` });
    expect(lines().filter((l) => l.reqId === 'claim-trace-0001').map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
