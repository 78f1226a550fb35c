import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

let api: Api;
let max: Agent; // manages the Closers
let olga: Agent; // manages the Openers
let ann: Agent; // a Closer
let bob: Agent; // an Opener
let cyd: Agent; // on no team
let closers: number;
let openers: number;
beforeAll(async () => {
  api = await startApi({ claimLimit: { max: 1_000, windowMs: 10_000 } });
  [max, olga, ann, bob, cyd] = [await api.agent('max'), await api.agent('olga'), await api.agent('ann'), await api.agent('bob'), await api.agent('cyd')];
  closers = await staffTeam(api, 'Closers', max, [ann]);
  openers = await staffTeam(api, 'Openers', olga, [bob]);
}, 120_000);
afterAll(async () => api.close());

const rules = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5 };
const newLead = { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'real_estate' };
const create = async (n = 1) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await max.request('POST', '/api/leads', { ...newLead, name: `Lead ${i}` })).json().lead.id);
  return ids;
};
const policyOf = (who: Agent) => who.request('GET', '/api/pool-policy').then((r) => r.json());
/** PUTs the rules and waits until the read model (what GET answers) has that version. */
const put = async (who: Agent, body: Record<string, unknown>) => {
  const res = await who.request('PUT', '/api/pool-policy', { ...rules, ...body });
  if (res.statusCode === 200) await waitFor(async () => (await policyOf(who)).version >= res.json().version, { what: 'the pool policy read model' });
  return res;
};
const claimsOf = async (leadIds: number[]) => (await api.pool.query<{ n: number }>(
  `select count(*)::int as n from events where type = 'LeadClaimed' and stream_id = any($1)`, [leadIds.map((id) => `lead-${id}`)])).rows[0]!.n;

describe('reading the pool policy', () => {
  it("keeps today's behaviour until a manager sets one: no cap, no auto-release, first come", async () => {
    const p = await policyOf(cyd);
    expect(p).toMatchObject({
      version: 0, activeClaims: 0, floor: null, teams: [], canEditFloor: false, actedOn: { distribution: ['first_come', 'round_robin', 'weighted'] },
      effective: { maxActiveClaims: null, autoReleaseHours: null, distribution: 'first_come', source: 'floor', version: 0 },
    });
  });

  it('shows a manager the floor and every team, marking the ones they may edit', async () => {
    const p = await policyOf(max);
    expect(p.canEditFloor).toBe(true);
    expect(p.teams).toEqual(expect.arrayContaining([
      expect.objectContaining({ teamId: closers, teamName: 'Closers', override: null, canEdit: true }),
      expect.objectContaining({ teamId: openers, teamName: 'Openers', override: null, canEdit: false }),
    ]));
  });
});

describe('writing the pool policy', () => {
  it('lets only managers set the floor rules', async () => {
    const res = await ann.request('PUT', '/api/pool-policy', { ...rules, maxActiveClaims: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'pool_policy.manager_only' });
  });

  it('answers 400 naming the field for rules out of range, and changes nothing', async () => {
    const before = (await policyOf(max)).version;
    const bad = [
      [{ maxActiveClaims: 0 }, 'maxActiveClaims'],
      [{ autoReleaseHours: 2, warnBeforeReleaseMinutes: 120 }, 'warnBeforeReleaseMinutes'],
      [{ weights: [{ userId: ann.id, weight: 2 }, { userId: ann.id, weight: 3 }] }, 'weights.1.userId'],
      [{ distribution: 'lottery' }, 'distribution'],
      [{ dripPerHour: 1.5 }, 'dripPerHour'],
      [{ claimedBy: 1 }, undefined],
    ] as const;
    for (const [body, field] of bad) {
      const res = await max.request('PUT', '/api/pool-policy', { ...rules, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const ghost = await max.request('PUT', '/api/pool-policy', { ...rules, weights: [{ userId: 999_999, weight: 2 }] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ error: 'unknown_user', field: 'weights.0.userId' });
    expect((await policyOf(max)).version).toBe(before);
  });

  it('versions each change, refuses a save over one the editor did not see, and stores the second half\'s rules as given', async () => {
    const first = await put(max, { maxActiveClaims: 4, distribution: 'weighted', weights: [{ userId: ann.id, weight: 3 }], dripPerHour: 40 });
    expect(first.statusCode).toBe(200);
    const stale = await max.request('PUT', '/api/pool-policy', { ...rules, maxActiveClaims: 9, expectedVersion: first.json().version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'pool_policy.changed' });
    const p = await policyOf(cyd);
    expect(p.effective).toMatchObject({ maxActiveClaims: 4, distribution: 'weighted', weights: [{ userId: ann.id, weight: 3 }], dripPerHour: 40, version: first.json().version, updatedByName: 'Max Agent' });
    const again = await max.request('PUT', '/api/pool-policy', { ...rules, maxActiveClaims: 4, distribution: 'weighted', weights: [{ userId: ann.id, weight: 3 }], dripPerHour: 40 });
    expect(again.json().version).toBe(first.json().version);
    await put(max, {});
  });

  it("lets a team's manager override the floor for their team, and take it back", async () => {
    expect((await olga.request('PUT', '/api/pool-policy', { ...rules, teamId: closers, maxActiveClaims: 1 })).statusCode).toBe(403);
    expect((await max.request('PUT', '/api/pool-policy', { ...rules, teamId: 999_999, maxActiveClaims: 1 })).statusCode).toBe(404);
    await put(max, { maxActiveClaims: 7 });
    await put(max, { teamId: closers, maxActiveClaims: 2 });
    expect((await policyOf(ann)).effective).toMatchObject({ maxActiveClaims: 2, source: 'team', teamId: closers });
    expect((await policyOf(bob)).effective).toMatchObject({ maxActiveClaims: 7, source: 'floor' });
    expect((await olga.request('DELETE', `/api/pool-policy/teams/${closers}`)).statusCode).toBe(403);
    const back = await max.request('DELETE', `/api/pool-policy/teams/${closers}`);
    expect(back.statusCode).toBe(200);
    await waitFor(async () => (await policyOf(ann)).effective.source === 'floor', { what: 'the override to be gone' });
    expect((await policyOf(ann)).effective).toMatchObject({ maxActiveClaims: 7 });
    await put(max, {});
  });
});

describe('the cap on active leads', () => {
  it('refuses a claim past the cap with 409 claim_limit_reached, carrying the cap and the count', async () => {
    await put(max, { maxActiveClaims: 2 });
    const [a, b, c] = await create(3);
    for (const id of [a, b]) expect((await cyd.request('POST', `/api/leads/${id}/claim`, {})).statusCode).toBe(200);
    const over = await cyd.request('PATCH', `/api/leads/${c}`, { status: 'claimed' });
    expect(over.statusCode).toBe(409);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect(over.json()).toMatchObject({ status: 409, code: 'claim_limit_reached', cap: 2, count: 2 });
    expect(over.json().message).toContain('limit is 2');
    expect(await claimsOf([c!])).toBe(0);
    // The count shown comes from the pool's read model: it shows both claims once it has them.
    await waitFor(async () => (await policyOf(cyd)).activeClaims === 2, { what: "Cyd's two claims in the pool's read model" });
  });

  it('counts claimed, contacted and qualified leads: a release or a close makes room, a reopening takes it', async () => {
    await put(max, { maxActiveClaims: 2 });
    const dan = await api.agent('dan');
    const [a, b, c] = await create(3);
    for (const id of [a, b]) await dan.request('POST', `/api/leads/${id}/claim`, {});
    await dan.request('PATCH', `/api/leads/${a}`, { status: 'qualified' });
    expect((await dan.request('POST', `/api/leads/${c}/claim`, {})).statusCode).toBe(409);
    expect((await dan.request('PATCH', `/api/leads/${a}`, { status: 'lost' })).statusCode).toBe(200);
    expect((await dan.request('POST', `/api/leads/${c}/claim`, {})).statusCode).toBe(200);
    const reopen = await dan.request('PATCH', `/api/leads/${a}`, { status: 'contacted' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ code: 'claim_limit_reached', cap: 2, count: 2 });
    expect((await dan.request('POST', `/api/leads/${b}/release`, {})).statusCode).toBe(200);
    expect((await dan.request('PATCH', `/api/leads/${a}`, { status: 'contacted' })).statusCode).toBe(200);
  });

  it("holds a reassignment to the assignee's cap", async () => {
    await put(max, { maxActiveClaims: 1 });
    const [a, b] = await create(2);
    await max.request('POST', `/api/leads/${a}/claim`, {});
    await ann.request('POST', `/api/leads/${b}/claim`, {});
    const res = await max.request('POST', `/api/leads/${a}/reassign`, { userId: ann.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'claim_limit_reached', cap: 1, count: 1 });
    expect(res.json().message).toContain('That agent');
    await put(max, {});
  });

  it('lets exactly 5 of 50 concurrent claims of one agent win under a cap of 5', async () => {
    await put(max, { maxActiveClaims: 5 });
    const eve = await api.agent('eve');
    const leads = await create(50);
    const answers = await Promise.all(leads.map((id) => eve.request('POST', `/api/leads/${id}/claim`, {})));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'claim_limit_reached', cap: 5, count: 5 });
    expect(await claimsOf(leads)).toBe(5);
    const { rows } = await api.pool.query(`select value::int from counters where scope = 'active_claims' and key = $1`, [String(eve.id)]);
    expect(rows).toEqual([{ value: 5 }]);
    await waitFor(async () => (await policyOf(eve)).activeClaims === 5, { what: 'the pool to show five held leads' });
    await put(max, {});
  });
});
