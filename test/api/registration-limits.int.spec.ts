import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthLimits } from '@leadfloor/command-service/auth/auth-routes';
import { startApi, type Api } from '../api-harness';

// Registration limits as shipped: an office signs up its whole floor from one address, while
// an address that keeps hitting taken names (probing who has an account) is stopped.
let api: Api;
beforeAll(async () => {
  api = await startApi({ limits: {
    registerPerAddress: defaultAuthLimits.registerPerAddress,
    registerFailuresPerAddress: defaultAuthLimits.registerFailuresPerAddress,
  } });
});
afterAll(async () => api.close());

const register = (username: string, remoteAddress: string, email = `${username}@example.com`) => api.app.inject({
  method: 'POST', url: '/api/auth/register', remoteAddress,
  payload: { username, email, password: 'secret123', fullName: 'New Closer' },
});

describe('registration limits', () => {
  it('lets an office onboard 45 agents from one address within the hour', async () => {
    const office = '203.0.113.10';
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push((await register(`office${i}`, office)).statusCode);
    expect(answers).toEqual(Array(45).fill(201));
  });

  it('closes registration to an address after repeated refusals of taken names, with Retry-After', async () => {
    const prober = '198.51.100.7';
    expect((await register('target', '192.0.2.1')).statusCode).toBe(201);
    const max = defaultAuthLimits.registerFailuresPerAddress.max;
    for (let i = 0; i < max; i++) {
      const taken = await register('target', prober, `probe${i}@example.com`);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: 'username_taken', field: 'username' });
    }
    const limited = await register('brand-new-name', prober);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.pool.query(`select 1 from unique_keys where key = 'brand-new-name'`)).rowCount).toBe(0);
    // Another address is not affected.
    expect((await register('brand-new-name', '192.0.2.2')).statusCode).toBe(201);
  });

  it('bounds the attempts of one address, so the hashing it causes has a ceiling', async () => {
    const busy = '198.51.100.99';
    const max = defaultAuthLimits.registerPerAddress.max;
    for (let i = 0; i < max; i++) expect((await register(`busy${i}`, busy)).statusCode).toBe(201);
    const over = await register('one-too-many', busy);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.pool.query(`select 1 from unique_keys where key = 'one-too-many'`)).rowCount).toBe(0);
  });
});
