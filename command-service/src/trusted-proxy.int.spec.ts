import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import type { TrustProxy } from '@leadfloor/infra/config';
import { buildApp } from './app';

// command-service on its own, as the distributed form runs it: every request arrives from the
// gateway, which names the browser in X-Forwarded-For and the host it addressed in
// X-Forwarded-Host. Inject's requests come from 127.0.0.1, like a gateway on loopback.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 5 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const oneRegistrationPerAddress = { registerPerAddress: { max: 1, windowMs: 60_000 }, registerFailuresPerAddress: { max: 100, windowMs: 60_000 }, loginPerAddress: { max: 100, windowMs: 60_000 }, loginPerAccount: { max: 100, windowMs: 60_000 } };
const commandService = (trustProxy?: TrustProxy) =>
  buildApp({ pool, bodyLimit: 65_536, secureCookies: false, checks: {}, authLimits: oneRegistrationPerAddress, twoFactorKey: randomBytes(32), ...(trustProxy ? { trustProxy } : {}) });

let n = 0;
const register = (app: Awaited<ReturnType<typeof commandService>>, headers: Record<string, string>) => {
  n += 1;
  return app.inject({
    method: 'POST', url: '/api/auth/register', headers,
    payload: { username: `proxied${process.pid}x${n}`, email: `proxied${process.pid}x${n}@example.com`, password: 'Secret123!', fullName: 'Proxied Agent' },
  });
};

describe('command-service behind the gateway', () => {
  it('counts sign-up limits per browser address when the gateway is trusted', async () => {
    const app = await commandService(['loopback']);
    try {
      expect((await register(app, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(201);
      expect((await register(app, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
      // another browser behind the same gateway is not held back by the first one's limit
      expect((await register(app, { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const app = await commandService();
    try {
      expect((await register(app, { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(201);
      // a client cannot dodge the limit by naming a new address each time
      expect((await register(app, { 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('checks a write\'s Origin against the forwarded host only when the gateway is trusted', async () => {
    const trusted = await commandService(['loopback']);
    const untrusted = await commandService();
    const write = {
      method: 'POST' as const, url: '/api/auth/logout', payload: {},
      headers: { origin: 'https://floor.example', host: 'command-service:3002', 'x-forwarded-host': 'floor.example' },
    };
    try {
      expect((await trusted.inject(write)).statusCode).toBe(200); // signing out without a session is a no-op
      expect((await untrusted.inject(write)).json()).toMatchObject({ status: 403, code: 'foreign_origin' });
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });
});
