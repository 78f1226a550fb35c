import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, type Agent } from '../api-harness';

let api: Api;
let ann: Agent;
let bob: Agent;
beforeAll(async () => {
  api = await startApi();
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
});
afterAll(async () => api.close());

const newLead = { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', address: '1 Elm St', city: 'Austin', state: 'TX', leadType: 'real_estate', source: 'website', notes: 'Wants a condo', status: 'available' };
const create = async (who: Agent, over: Record<string, unknown> = {}) => {
  const res = await who.request('POST', '/api/leads', { ...newLead, ...over });
  expect(res.statusCode).toBe(201);
  return res.json().lead as { id: number; version: number };
};

describe('creating leads', () => {
  it('creates an available lead from the spec fields', async () => {
    const res = await ann.request('POST', '/api/leads', newLead);
    expect(res.statusCode).toBe(201);
    expect(res.json().lead).toMatchObject({ name: 'Dana Scott', status: 'available', stage: 'new', priority: 'medium', claimedBy: null, score: null, tags: [] });
  });

  it('answers 400 with the spec messages and creates nothing', async () => {
    const res = await ann.request('POST', '/api/leads', { ...newLead, name: '', email: 'x', phone: '12', city: '', state: '', leadType: '' });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Name is required', 'Invalid email address', 'Phone number is required', 'City is required', 'State is required', 'Lead type is required']));
  });

  it('refuses unknown fields, wrong types, __proto__ keys and a foreign Origin', async () => {
    expect((await ann.request('POST', '/api/leads', { ...newLead, claimedBy: 5 })).statusCode).toBe(400);
    expect((await ann.request('POST', '/api/leads', { ...newLead, phone: 5551234 })).statusCode).toBe(400);
    const proto = await ann.raw('POST', '/api/leads', `{"__proto__": {"admin": true}, "name": "x"}`);
    expect(proto.statusCode).toBe(400);
    const foreign = await ann.request('POST', '/api/leads', newLead, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('claiming and working a lead', () => {
  it('claims for the signed-in user whatever claimedBy says, and refuses a second claimer with 409 naming the holder', async () => {
    const lead = await create(ann);
    const claim = await bob.request('PATCH', `/api/leads/${lead.id}`, { status: 'claimed', claimedBy: 1 });
    expect(claim.statusCode).toBe(200);
    expect(claim.json().lead).toMatchObject({ status: 'claimed', claimedBy: bob.id, claimedByName: 'Bob Agent' });
    const late = await ann.request('PATCH', `/api/leads/${lead.id}`, { status: 'claimed', claimedBy: ann.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'lead.not_available', details: { status: 'claimed', claimedBy: bob.id } });
  });

  it('lets only the claimer edit; clamps the score and cleans tags', async () => {
    const lead = await create(ann);
    await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    expect((await bob.request('PATCH', `/api/leads/${lead.id}`, { stage: 'proposal' })).statusCode).toBe(403);
    const score = await ann.request('PATCH', `/api/leads/${lead.id}`, { score: 150 });
    expect(score.json()).toMatchObject({ score: 100 });
    const tags = await ann.request('PATCH', `/api/leads/${lead.id}`, { tags: [' VIP ', '', 'VIP', 'Hot Lead'] });
    expect(tags.json().lead.tags).toEqual(['VIP', 'Hot Lead']);
    const contacted = await ann.request('PATCH', `/api/leads/${lead.id}`, { status: 'contacted' });
    expect(contacted.json().lead.lastContactedAt).not.toBeNull();
    const due = '2030-05-01T09:00:00.000Z';
    expect((await ann.request('PATCH', `/api/leads/${lead.id}`, { nextFollowUp: due })).json().lead.nextFollowUp).toBe(due);
    expect((await ann.request('PATCH', `/api/leads/${lead.id}`, { nextFollowUp: null })).json().lead.nextFollowUp).toBeNull();
  });

  it('changes several fields in one PATCH all together or not at all', async () => {
    const lead = await create(ann);
    await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    const bad = await bob.request('PATCH', `/api/leads/${lead.id}`, { stage: 'proposal', priority: 'high' });
    expect(bad.statusCode).toBe(403);
    const both = await ann.request('PATCH', `/api/leads/${lead.id}`, { stage: 'proposal', priority: 'high' });
    expect(both.json()).toMatchObject({ lead: { stage: 'proposal', priority: 'high' }, version: 4 });
    const { rows } = await api.pool.query('select type from events where stream_id = $1 order by stream_version', [`lead-${lead.id}`]);
    expect(rows.map((r) => r.type)).toEqual(['LeadCreated', 'LeadClaimed', 'LeadStageMoved', 'LeadPriorityChanged']);
  });

  it('answers 404 for an unknown lead and 400 for a bad id or value', async () => {
    expect((await ann.request('PATCH', '/api/leads/999999', { stage: 'proposal' })).statusCode).toBe(404);
    expect((await ann.request('PATCH', '/api/leads/abc', { stage: 'proposal' })).statusCode).toBe(400);
    const lead = await create(ann);
    expect((await ann.request('PATCH', `/api/leads/${lead.id}`, { stage: 'won' })).statusCode).toBe(400);
    expect((await ann.request('PATCH', `/api/leads/${lead.id}`, {})).statusCode).toBe(400);
  });

  it('returns the first answer to a retried command with the same Idempotency-Key', async () => {
    const lead = await create(ann);
    const first = await ann.request('POST', `/api/leads/${lead.id}/claim`, {}, { 'idempotency-key': 'claim-retry-0001' });
    const retry = await ann.request('POST', `/api/leads/${lead.id}/claim`, {}, { 'idempotency-key': 'claim-retry-0001' });
    expect(retry.json()).toEqual(first.json());
    const { rowCount } = await api.pool.query(`select 1 from events where stream_id = $1 and type = 'LeadClaimed'`, [`lead-${lead.id}`]);
    expect(rowCount).toBe(1);
  });
});

describe('scripted claiming', () => {
  it('answers 429 with Retry-After once one agent claims more than 20 leads in 10 seconds', async () => {
    const bot = await api.agent('clickbot');
    const leads = [];
    for (let i = 0; i < 21; i++) leads.push(await create(ann, { email: `bot${i}@example.com` }));
    const answers = [];
    for (const lead of leads) answers.push(await bot.request('POST', `/api/leads/${lead.id}/claim`, {}));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[20]!.statusCode).toBe(429);
    expect(Number(answers[20]!.headers['retry-after'])).toBeGreaterThan(0);
    const last = await ann.request('GET', `/api/leads/${leads[20]!.id}?minVersion=${leads[20]!.version}`);
    expect(last.json().lead.status).toBe('available');
  });
});

describe('reading the pool', () => {
  it('shows a write at once to a read carrying its version (read-your-writes)', async () => {
    const lead = await create(ann);
    const claim = await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    const res = await ann.request('GET', `/api/leads/${lead.id}?minVersion=${claim.json().version}`);
    expect(res.json().lead).toMatchObject({ status: 'claimed', claimedBy: ann.id });
  });

  it('filters, sorts and pages with a keyset cursor', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await create(ann, { name: `Forex Page ${i}`, leadType: 'forex', email: `fx${i}@example.com` }));
    const last = mine[mine.length - 1]!;
    const claim = await ann.request('POST', `/api/leads/${last.id}/claim`, {});
    const base = `/api/leads?search=forex%20page&typeFilter=forex&sort=name_asc&limit=2&leadId=${last.id}&minVersion=${claim.json().version}`;
    const p1 = (await ann.request('GET', base)).json();
    expect(p1.total).toBe(5);
    expect(p1.leads.map((l: { name: string }) => l.name)).toEqual(['Forex Page 0', 'Forex Page 1']);
    const p2 = (await ann.request('GET', `${base}&cursor=${p1.nextCursor}`)).json();
    expect(p2.leads.map((l: { name: string }) => l.name)).toEqual(['Forex Page 2', 'Forex Page 3']);
    const p3 = (await ann.request('GET', `${base}&cursor=${p2.nextCursor}`)).json();
    expect(p3).toMatchObject({ nextCursor: null, leads: [{ name: 'Forex Page 4' }] });
    const mineOnly = (await ann.request('GET', '/api/leads?search=forex%20page&showMyLeadsOnly=true')).json();
    expect(mineOnly.leads.map((l: { id: number }) => l.id)).toEqual([last.id]);
    expect((await ann.request('GET', '/api/leads?cursor=garbage')).statusCode).toBe(400);
    expect((await ann.request('GET', '/api/leads?sort=sideways')).statusCode).toBe(400);
  });
});

describe('audit', () => {
  it('lists every event with actor and change, and rebuilds the lead as of any instant', async () => {
    const lead = await create(ann);
    await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    const { rows } = await api.pool.query(`select data->>'at' as at from events where stream_id = $1 order by stream_version`, [`lead-${lead.id}`]);
    await ann.request('PATCH', `/api/leads/${lead.id}`, { stage: 'discovery' });
    const history = (await ann.request('GET', `/api/leads/${lead.id}/history`)).json().history;
    expect(history.map((h: { type: string }) => h.type)).toEqual(['LeadCreated', 'LeadClaimed', 'LeadStageMoved']);
    expect(history[1]).toMatchObject({ actorId: ann.id, actorName: 'Ann Agent', changes: { claimedBy: { from: null, to: ann.id } } });
    expect(history[2].changes).toEqual({ stage: { from: 'new', to: 'discovery' } });
    const asOfClaim = (await ann.request('GET', `/api/leads/${lead.id}?asOf=${encodeURIComponent(rows[1].at)}`)).json();
    expect(asOfClaim.lead).toMatchObject({ status: 'claimed', stage: 'new', version: 2 });
    const before = new Date(new Date(rows[0].at).getTime() - 1000).toISOString();
    expect((await ann.request('GET', `/api/leads/${lead.id}?asOf=${encodeURIComponent(before)}`)).statusCode).toBe(404);
  });
});
