import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { codeAt, codeStep, PASSWORD, passwordStep, pendingCookie, sessionCookie, turnOnTwoFactor, wrongCode } from './two-factor-setup';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.close());

let n = 0;
const fresh = async () => {
  n += 1;
  const name = `tfa${n}`;
  return { name, agent: await api.agent(name) };
};
const as = (cookie: string, method: 'GET' | 'POST', url: string, body?: object) =>
  api.app.inject({ method, url, headers: { cookie }, ...(body ? { payload: body } : {}) });

describe('setting up two-factor sign-in', () => {
  it('asks for the password again, shows the secret once as a QR code and a key, and keeps it out of the log', async () => {
    const { name, agent } = await fresh();
    const wrong = await agent.request('POST', '/api/auth/two-factor/setup', { password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'two_factor.invalid_password', field: 'password' });

    const setup = await agent.request('POST', '/api/auth/two-factor/setup', { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const body = setup.json();
    const secret = String(body.manualKey).replace(/ /g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toBe(`otpauth://totp/LeadFloor:${name}?secret=${secret}&issuer=LeadFloor`);
    expect(Buffer.from(String(body.qrCodeDataUrl).replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const enabled = await agent.request('POST', '/api/auth/two-factor/enable', { code: await codeAt(secret, -1) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.json().recoveryCodes).size).toBe(10);
    for (const code of enabled.json().recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    // The log (copied to Kafka, read by every projection) names the secret's id only; the codes only as hashes.
    const { rows } = await api.pool.query<{ type: string; data: string }>(
      'select type, data::text as data from events where stream_id = $1 order by stream_version', [`user-${agent.id}`]);
    expect(rows.map((r) => r.type)).toEqual(['UserRegistered', 'TwoFactorEnabled', 'RecoveryCodesIssued']);
    const log = rows.map((r) => r.data).join('\n');
    expect(log).not.toContain(secret);
    for (const code of enabled.json().recoveryCodes) expect(log).not.toContain(code);
    const stored = await api.pool.query<{ ciphertext: string }>('select ciphertext from two_factor_secrets where user_id = $1', [agent.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.ciphertext).not.toContain(secret);

    const status = await agent.request('GET', `/api/auth/two-factor?minVersion=${enabled.json().version}`);
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, floorRequired: false, setupRequired: false });
    expect(JSON.stringify(status.json())).not.toContain(secret);
  });

  it('confirms only the newest setup, only with a right code, and only once', async () => {
    const { agent } = await fresh();
    const first = String((await agent.request('POST', '/api/auth/two-factor/setup', { password: PASSWORD })).json().manualKey).replace(/ /g, '');
    const second = String((await agent.request('POST', '/api/auth/two-factor/setup', { password: PASSWORD })).json().manualKey).replace(/ /g, '');
    expect(second).not.toBe(first);
    const stale = await agent.request('POST', '/api/auth/two-factor/enable', { code: await wrongCode(second) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: 'two_factor.invalid_code', field: 'code' });
    expect((await agent.request('POST', '/api/auth/two-factor/enable', { code: 'abc' })).statusCode).toBe(400);
    expect((await agent.request('POST', '/api/auth/two-factor/enable', { code: await codeAt(second, -1) })).statusCode).toBe(200);
    const again = await agent.request('POST', '/api/auth/two-factor/enable', { code: await codeAt(second) });
    expect(again.json()).toMatchObject({ status: 409, error: 'two_factor.already_enabled' });
    const setupAgain = await agent.request('POST', '/api/auth/two-factor/setup', { password: PASSWORD });
    expect(setupAgain.json()).toMatchObject({ status: 409, error: 'two_factor.already_enabled' });
  });

  it('needs a setup under way to confirm', async () => {
    const { agent } = await fresh();
    const res = await agent.request('POST', '/api/auth/two-factor/enable', { code: '123456' });
    expect(res.json()).toMatchObject({ status: 409, error: 'two_factor.setup_expired' });
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, refuses a wrong one, and starts the session on the right one', async () => {
    const { name, agent } = await fresh();
    const { secret } = await turnOnTwoFactor(agent);
    expect((await agent.request('POST', '/api/auth/logout', {})).statusCode).toBe(200);

    const wrongPassword = await passwordStep(api, name, 'not-it');
    expect(wrongPassword.res.statusCode).toBe(401);
    expect(wrongPassword.pending).toBeNull();

    const { res, pending } = await passwordStep(api, name);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(sessionCookie(res)).toBeNull();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/login/);

    const wrong = await codeStep(api, pending, { code: await wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'two_factor.invalid_code', field: 'code' });
    expect(sessionCookie(wrong)).toBeNull();

    const code = await codeAt(secret);
    const right = await codeStep(api, pending, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ id: agent.id, username: name });
    const session = sessionCookie(right)!;
    expect(session).not.toBeNull();
    expect((await as(session, 'GET', '/api/auth/current-user')).json().user).toMatchObject({ id: agent.id });
    expect((await as(session, 'GET', '/api/leads')).statusCode).toBe(200);
    // The pending sign-in is spent.
    expect((await codeStep(api, pending, { code })).json()).toMatchObject({ status: 401, error: 'two_factor.sign_in_expired' });
  });

  it('refuses a code used once already, however soon it comes back (replay)', async () => {
    const { name, agent } = await fresh();
    const { secret } = await turnOnTwoFactor(agent);
    const code = await codeAt(secret);
    expect((await codeStep(api, (await passwordStep(api, name)).pending, { code })).statusCode).toBe(200);
    const replay = await codeStep(api, (await passwordStep(api, name)).pending, { code });
    expect(replay.json()).toMatchObject({ status: 401, error: 'two_factor.invalid_code' });
    // The code that confirmed the setup is spent as well.
    const setupCode = await codeStep(api, (await passwordStep(api, name)).pending, { code: await codeAt(secret, -1) });
    expect(setupCode.json()).toMatchObject({ status: 401, error: 'two_factor.invalid_code' });
  });

  it('lets a pending sign-in call nothing but its code step', async () => {
    const { name, agent } = await fresh();
    await turnOnTwoFactor(agent);
    const { pending } = await passwordStep(api, name);
    const token = pending!.split('=')[1]!;
    for (const cookie of [pending!, `lf_session=${token}`]) {
      expect((await as(cookie, 'GET', '/api/leads')).statusCode).toBe(401);
      expect((await as(cookie, 'GET', '/api/auth/current-user')).json()).toEqual({ user: null });
      expect((await as(cookie, 'POST', '/api/leads', { name: 'X' })).statusCode).toBe(401);
    }
    expect((await codeStep(api, null, { code: '123456' })).json()).toMatchObject({ status: 401, error: 'two_factor.sign_in_expired' });
  });

  it('takes a recovery code once, in any case and with or without dashes', async () => {
    const { name, agent } = await fresh();
    const { recoveryCodes } = await turnOnTwoFactor(agent);
    const used = recoveryCodes[0]!;
    const first = await codeStep(api, (await passwordStep(api, name)).pending, { recoveryCode: used.toUpperCase().replace(/-/g, '') });
    expect(first.statusCode).toBe(200);
    expect(sessionCookie(first)).not.toBeNull();
    const second = await codeStep(api, (await passwordStep(api, name)).pending, { recoveryCode: used });
    expect(second.json()).toMatchObject({ status: 401, error: 'two_factor.invalid_code', field: 'recoveryCode' });
    // The read model counts it once it has the event (sign-in answers no version to wait on).
    await waitFor(async () => (await agent.request('GET', '/api/auth/two-factor')).json().recoveryCodesLeft === 9, { what: 'nine codes left' });
  });

  it('lets only one of two racing sign-ins spend a recovery code, or an authenticator code', async () => {
    const { name, agent } = await fresh();
    const { secret, recoveryCodes } = await turnOnTwoFactor(agent);
    const pendings = [(await passwordStep(api, name)).pending, (await passwordStep(api, name)).pending];
    const recovery = await Promise.all(pendings.map((p) => codeStep(api, p, { recoveryCode: recoveryCodes[5]! })));
    expect(recovery.map((r) => r.statusCode).sort()).toEqual([200, 401]);

    const more = [(await passwordStep(api, name)).pending, (await passwordStep(api, name)).pending];
    const code = await codeAt(secret, 1);
    const totp = await Promise.all(more.map((p) => codeStep(api, p, { code })));
    expect(totp.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const { rows } = await api.pool.query<{ type: string }>(
      `select type from events where stream_id = $1 and type in ('RecoveryCodeUsed', 'TwoFactorCodeUsed') order by stream_version`, [`user-${agent.id}`]);
    expect(rows.map((r) => r.type)).toEqual(['RecoveryCodeUsed', 'TwoFactorCodeUsed']);
  });

  it('refuses malformed codes with 400 and no attempt taken', async () => {
    const { name, agent } = await fresh();
    const { secret } = await turnOnTwoFactor(agent);
    const { pending } = await passwordStep(api, name);
    for (const body of [{}, { code: '12345' }, { code: 123456 }, { recoveryCode: 'short' }, { code: '123456', recoveryCode: 'abcd-efgh-jkmn-pqrs' }, { code: '123456', extra: 1 }]) {
      const res = await codeStep(api, pending, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, error: 'validation_failed' });
    }
    expect((await codeStep(api, pending, { code: await codeAt(secret) })).statusCode).toBe(200);
  });
});

describe('turning two-factor sign-in off, and renewing recovery codes', () => {
  it('turns off with the password and a code; sign-in then needs the password alone', async () => {
    const { name, agent } = await fresh();
    const { secret } = await turnOnTwoFactor(agent);
    const badPassword = await agent.request('POST', '/api/auth/two-factor/disable', { password: 'nope', code: await codeAt(secret) });
    expect(badPassword.json()).toMatchObject({ status: 403, error: 'two_factor.invalid_password' });
    const badCode = await agent.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, code: await wrongCode(secret) });
    expect(badCode.json()).toMatchObject({ status: 403, error: 'two_factor.invalid_code', field: 'code' });
    const off = await agent.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, code: await codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect((await api.pool.query('select 1 from two_factor_secrets where user_id = $1', [agent.id])).rowCount).toBe(0);
    expect((await agent.request('GET', `/api/auth/two-factor?minVersion=${off.json().version}`)).json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const { res } = await passwordStep(api, name);
    expect(res.json().user).toMatchObject({ id: agent.id });
    expect(sessionCookie(res)).not.toBeNull();
    expect(pendingCookie(res)).toBeNull();
    const again = await agent.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, code: await codeAt(secret, 1) });
    expect(again.json()).toMatchObject({ status: 409, error: 'two_factor.not_enabled' });
  });

  it('turns off with a recovery code when the phone is gone', async () => {
    const { agent } = await fresh();
    const { recoveryCodes } = await turnOnTwoFactor(agent);
    const off = await agent.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, recoveryCode: recoveryCodes[9] });
    expect(off.statusCode).toBe(200);
  });

  it('renews the recovery codes with the password: the old ones stop working, the new ones work', async () => {
    const { name, agent } = await fresh();
    const { recoveryCodes: old } = await turnOnTwoFactor(agent);
    expect((await agent.request('POST', '/api/auth/two-factor/recovery-codes', { password: 'nope' })).statusCode).toBe(403);
    const renewed = await agent.request('POST', '/api/auth/two-factor/recovery-codes', { password: PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const codes = renewed.json().recoveryCodes as string[];
    expect(codes.filter((c) => old.includes(c))).toEqual([]);
    expect((await codeStep(api, (await passwordStep(api, name)).pending, { recoveryCode: old[0] })).statusCode).toBe(401);
    expect((await codeStep(api, (await passwordStep(api, name)).pending, { recoveryCode: codes[0] })).statusCode).toBe(200);
    const status = await agent.request('GET', `/api/auth/two-factor?minVersion=${renewed.json().version}`);
    expect(status.json()).toMatchObject({ enabled: true });
  });

  it('renews nothing for someone without a second factor', async () => {
    const { agent } = await fresh();
    expect((await agent.request('POST', '/api/auth/two-factor/recovery-codes', { password: PASSWORD })).json())
      .toMatchObject({ status: 409, error: 'two_factor.not_enabled' });
  });
});
