import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { grantManager } from '../../command-service/src/users/grant-manager';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';

// A floor that is not the demo: everyone who signs up is an agent, until the operator grants one a manager's role.
let api: Api;
let founder: Agent, ann: Agent;
beforeAll(async () => {
  api = await startApi();
  [founder, ann] = [await api.agent('founder'), await api.agent('ann')];
});
afterAll(async () => api.close());

const grant = (name: string) => {
  const store = createPostgresEventStore(api.pool);
  return grantManager({ pool: api.pool, store, handle: createCommandHandler(store), now: () => new Date() }, name);
};
const roleOf = async (id: number) => (await api.pool.query<{ role: string }>('select role from users_v1 where id = $1', [id])).rows[0]?.role;

describe('granting a floor its first manager', () => {
  it('makes the named account a manager, who can then manage roles; no one could before', async () => {
    expect((await founder.request('PUT', `/api/users/${ann.id}/role`, { role: 'teamLead' })).statusCode).toBe(403);

    expect(await grant('Founder')).toEqual({ userId: founder.id, changed: true });
    await waitFor(async () => (await roleOf(founder.id)) === 'manager', { what: 'the founder a manager in the read model' });

    const res = await founder.request('PUT', `/api/users/${ann.id}/role`, { role: 'teamLead' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: ann.id, role: 'teamLead' });
    const { rows } = await api.pool.query(`select data, metadata from events where stream_id = $1 and type = 'RoleChanged'`, [`user-${founder.id}`]);
    expect(rows).toEqual([expect.objectContaining({ data: expect.objectContaining({ from: 'agent', to: 'manager', by: null }) })]);
  });

  it('finds the account by email too, and changes nothing the second time', async () => {
    expect(await grant('founder@example.com')).toEqual({ userId: founder.id, changed: false });
  });

  it('names an unknown account instead of making anyone a manager', async () => {
    await expect(grant('nobody')).rejects.toThrow('No account has the username or email "nobody".');
  });
});
