import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../command-service/src/auth/password-hasher';
import { seedDemoFloor } from '../../command-service/src/seed/demo-floor';
import { seededDemoSignIns } from '../../command-service/src/seed/demo-sign-ins';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { DemoAccountsResponseSchema } from '../../contracts/src/auth';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createPool } from '../../infra/src/postgres/pool';
import { startApi } from '../api-harness';
import { createTestDatabase } from '../db';

// The sign-in screen's demo credentials (DESIGN.md, "Demo floor"): the gateway offers the demo
// floor's sign-ins only when the launcher hands them over, which it does on the demo floor.
const demoAccounts = (api: Awaited<ReturnType<typeof startApi>>) => api.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });

describe('GET /api/auth/demo-accounts', () => {
  it('answers no accounts and no password on a floor that is not the demo, even with a user named demo', async () => {
    const api = await startApi();
    try {
      await api.agent('demo');
      // What the launcher would hand over with DEMO=true on this database: nothing, the seed never ran here.
      expect(await seededDemoSignIns(api.pool)).toEqual([]);
      const res = await demoAccounts(api);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accounts: [] });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/demo1234|password/);
    } finally {
      await api.close();
    }
  });

  it('offers the seeded sign-ins on the demo floor, with the password the screen shows, and each signs in', async () => {
    const db = await createTestDatabase();
    // Seeded as `npm start` seeds an empty database, then composed as the launcher composes it.
    const pool = createPool(db.url, { max: 4 });
    let accounts;
    try {
      const store = createPostgresEventStore(pool);
      await seedDemoFloor({ pool, store, handle: createCommandHandler(store), hashPassword: createPasswordHasher().hash, now: new Date() }, { leadCount: 12 });
      accounts = await seededDemoSignIns(pool);
    } finally {
      await pool.end();
    }
    const api = await startApi({ databaseUrl: db.url, demoAccounts: accounts });
    try {
      const res = await demoAccounts(api);
      expect(res.statusCode).toBe(200);
      expect(DemoAccountsResponseSchema.parse(res.json())).toEqual({
        accounts: [
          { username: 'demo', label: 'Agent · Pro level', password: 'demo1234' },
          { username: 'lead', label: 'Team lead', password: 'demo1234' },
          { username: 'manager', label: 'Sales manager', password: 'demo1234' },
        ],
      });
      for (const { username, password } of res.json().accounts as { username: string; password: string }[]) {
        const login = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
        expect(login.statusCode, username).toBe(200);
        expect(login.json().user.username).toBe(username);
      }
    } finally {
      await api.close();
      await db.drop();
    }
  }, 120_000);
});
