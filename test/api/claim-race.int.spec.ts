import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type Api, type Agent } from '../api-harness';
import { waitFor } from '../wait-for';

let api: Api;
let agents: Agent[];
beforeAll(async () => {
  api = await startApi();
  agents = [];
  for (let i = 0; i < 100; i++) agents.push(await api.agent(`racer${i}`));
}, 180_000);
afterAll(async () => api.close());

it('lets exactly one of 100 agents claiming one lead at once win; the read model agrees', async () => {
  const lead = (await agents[0]!.request('POST', '/api/leads', {
    name: 'Hot Prospect', email: 'hot@example.com', phone: '555-0199', city: 'Miami', state: 'FL', leadType: 'forex',
  })).json().lead;
  const answers = await Promise.all(agents.map((a) => a.request('PATCH', `/api/leads/${lead.id}`, { status: 'claimed', claimedBy: 1 })));
  const ok = answers.filter((r) => r.statusCode === 200);
  const conflicts = answers.filter((r) => r.statusCode === 409);
  expect(ok).toHaveLength(1);
  expect(conflicts).toHaveLength(99);
  const winner = ok[0]!.json().lead.claimedBy;
  for (const c of conflicts) expect(c.json().details).toEqual({ status: 'claimed', claimedBy: winner });
  const { rows } = await api.pool.query(`select data from events where stream_id = $1 and type = 'LeadClaimed'`, [`lead-${lead.id}`]);
  expect(rows).toHaveLength(1);
  const row = await waitFor(async () => (await api.pool.query('select claimed_by, status from lead_pool_v1 where id = $1 and version = 2', [lead.id])).rows[0]);
  expect(row).toEqual({ claimed_by: winner, status: 'claimed' });
});
