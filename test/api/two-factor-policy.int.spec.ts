import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { connectSocket } from '../socket-client';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';
import { codeAt, codeStep, PASSWORD, passwordStep, sessionCookie, turnOnTwoFactor } from './two-factor-setup';

// Max manages the floor's team; Ann and Bob are agents on it; Lea leads it.
let api: Api;
let base: string;
let max: Agent, ann: Agent, bob: Agent, lea: Agent;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  [max, ann, bob, lea] = [await api.agent('max'), await api.agent('ann'), await api.agent('bob'), await api.agent('lea')];
  await staffTeam(api, 'Floor', max, [ann, bob, lea]);
});
afterAll(async () => api.close());

const setPolicy = (who: Agent, required: boolean) => who.request('PUT', '/api/auth/two-factor/policy', { required });

describe("the floor's two-factor rule", () => {
  it('is off on a new floor, so nobody is held to a setup', async () => {
    expect((await ann.request('GET', '/api/auth/two-factor/policy')).json()).toMatchObject({ required: false, updatedBy: null });
    expect((await ann.request('GET', '/api/auth/current-user')).json()).toEqual({ user: expect.objectContaining({ id: ann.id }) });
    expect((await ann.request('GET', '/api/leads')).statusCode).toBe(200);
  });

  it('is set by managers only, and only by one who has a second factor', async () => {
    for (const who of [ann, lea]) expect((await setPolicy(who, true)).json()).toMatchObject({ status: 403, error: 'two_factor.manager_only' });
    expect((await setPolicy(max, true)).json()).toMatchObject({ status: 409, error: 'two_factor.enable_yourself_first' });
    expect((await max.request('PUT', '/api/auth/two-factor/policy', { required: 'yes' })).statusCode).toBe(400);
    expect((await max.request('PUT', '/api/auth/two-factor/policy', { required: true, extra: 1 })).statusCode).toBe(400);
  });

  it('holds everyone without a second factor to its setup, announced live, until they set it up', async () => {
    await turnOnTwoFactor(max);
    const maxSocket = connectSocket(base, max.cookie);
    await maxSocket.opened;
    const on = await setPolicy(max, true);
    expect(on.statusCode).toBe(200);
    const policy = (await max.request('GET', `/api/auth/two-factor/policy?minVersion=${on.json().version}`)).json();
    expect(policy).toMatchObject({ required: true, updatedBy: { id: max.id, fullName: 'Max Agent' } });
    // The coverage counts the users' read model, which has Max's second factor once it has his event.
    await waitFor(async () => {
      const { coverage } = (await max.request('GET', '/api/auth/two-factor/policy')).json();
      return coverage.enabled === 1 && coverage.total >= 4;
    }, { what: "the coverage to count Max's second factor" });
    await waitFor(() => maxSocket.received.some((m) => m.type === 'broadcast' && m.event === 'two_factor_policy_changed'), { what: 'the policy broadcast' });

    // Ann, signed in before, is held at once: no wait for a read model.
    const leads = await ann.request('GET', '/api/leads');
    expect(leads.statusCode).toBe(403);
    expect(leads.json()).toMatchObject({ error: 'two_factor.setup_required' });
    expect((await ann.request('POST', '/api/leads', { name: 'X' })).json()).toMatchObject({ status: 403, error: 'two_factor.setup_required' });
    expect((await ann.request('GET', '/api/auth/two-factor/policy')).statusCode).toBe(403);
    await expect(connectSocket(base, ann.cookie).opened).rejects.toThrow('HTTP 403');
    // What stays open to her: who she is, her status, the setup, and signing out.
    const me = (await ann.request('GET', '/api/auth/current-user')).json();
    expect(me).toMatchObject({ user: { id: ann.id }, twoFactorSetupRequired: true });
    expect((await ann.request('GET', '/api/auth/two-factor')).json()).toMatchObject({ enabled: false, floorRequired: true, setupRequired: true });
    // The manager, who has one, is not held.
    expect((await max.request('GET', '/api/leads')).statusCode).toBe(200);

    await turnOnTwoFactor(ann);
    expect((await ann.request('GET', '/api/leads')).statusCode).toBe(200);
    expect((await ann.request('GET', '/api/auth/current-user')).json().twoFactorSetupRequired).toBeUndefined();
    // The managers' screens hear of her new second factor.
    await waitFor(() => maxSocket.received.some((m) => m.type === 'broadcast' && m.event === 'two_factor_changed'), { what: 'the coverage change' });
    maxSocket.ws.close();
  });

  it('lets someone without a second factor sign in, held to the setup; signing out still works', async () => {
    const { res } = await passwordStep(api, 'bob');
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res)!;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect((await call('GET', '/api/dashboard/stats')).json()).toMatchObject({ status: 403, error: 'two_factor.setup_required' });
    expect((await call('GET', '/api/auth/current-user')).json()).toMatchObject({ user: { id: bob.id }, twoFactorSetupRequired: true });
    expect((await call('POST', '/api/auth/logout', {})).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/current-user')).json()).toEqual({ user: null });
  });

  it('keeps a second factor on while required, and frees everyone when lifted', async () => {
    const lea2fa = await turnOnTwoFactor(lea);
    const refused = await lea.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, code: await codeAt(lea2fa.secret) });
    expect(refused.json()).toMatchObject({ status: 409, error: 'two_factor.required_by_floor' });
    // A code refused that way is not spent: it still signs her in.
    expect((await codeStep(api, (await passwordStep(api, 'lea')).pending, { code: await codeAt(lea2fa.secret) })).statusCode).toBe(200);

    const lifted = await setPolicy(max, false);
    expect(lifted.statusCode).toBe(200);
    expect((await bob.request('GET', '/api/leads')).statusCode).toBe(200);
    expect((await max.request('GET', `/api/auth/two-factor/policy?minVersion=${lifted.json().version}`)).json()).toMatchObject({ required: false });
    const off = await lea.request('POST', '/api/auth/two-factor/disable', { password: PASSWORD, code: await codeAt(lea2fa.secret, 1) });
    expect(off.statusCode).toBe(200);
    expect((await setPolicy(max, false)).json()).toMatchObject({ success: true });
  });
});
