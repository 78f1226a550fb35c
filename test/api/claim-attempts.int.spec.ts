import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { staffTeam } from './floor-setup';

// Claim attempts: every claim the server decided, with its outcome, in the order it received them.
// A low claim rate limit (3 in 10 s) makes the rate-limited outcome reachable.

let api: Api;
let max: Agent;
let ann: Agent;
let bob: Agent;
let cat: Agent;
let racers: Agent[];
beforeAll(async () => {
  api = await startApi({ claimLimit: { max: 3, windowMs: 10_000 } });
  [max, ann, bob, cat] = [await api.agent('max'), await api.agent('ann'), await api.agent('bob'), await api.agent('cat')];
  racers = [];
  for (let i = 0; i < 8; i++) racers.push(await api.agent(`racer${i}`));
  await staffTeam(api, 'Closers', max, [ann, bob]);
}, 120_000);
afterAll(async () => api.close());

const rules = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5 };
const newLead = async () =>
  (await max.request('POST', '/api/leads', { name: 'Hot Lead', email: 'x@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'forex' })).json().lead.id as number;
const attemptsOf = async (who: Agent, leadId: number) => who.request('GET', `/api/leads/${leadId}/claim-attempts`);

describe('claim attempts', () => {
  it('lists every claim of a lead in the order the server received them, with who won and who lost', async () => {
    const id = await newLead();
    const answers = await Promise.all(racers.map((r) => r.request('POST', `/api/leads/${id}/claim`, {})));
    const winner = racers[answers.findIndex((a) => a.statusCode === 200)]!;
    const res = await attemptsOf(max, id);
    expect(res.statusCode).toBe(200);
    const { attempts, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(attempts).toHaveLength(8);
    expect(attempts.filter((a: { outcome: string }) => a.outcome === 'won')).toEqual([expect.objectContaining({ userId: winner.id, userName: expect.stringMatching(/^Racer\d Agent$/) })]);
    expect(attempts.filter((a: { outcome: string }) => a.outcome === 'lost')).toHaveLength(7);
    const times = attempts.map((a: { attemptedAt: string }) => Date.parse(a.attemptedAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // A repeated claim by the holder succeeds and is no new attempt.
    expect((await winner.request('POST', `/api/leads/${id}/claim`, {})).statusCode).toBe(200);
    expect((await attemptsOf(max, id)).json().attempts).toHaveLength(8);
  });

  it('records a claim over the cap, and rate-limited clicks as one row per window', async () => {
    const set = await max.request('PUT', '/api/pool-policy', { ...rules, maxActiveClaims: 1 });
    expect(set.statusCode).toBe(200);
    const [held, wanted] = [await newLead(), await newLead()];
    expect((await cat.request('POST', `/api/leads/${held}/claim`, {})).statusCode).toBe(200);
    expect((await cat.request('POST', `/api/leads/${wanted}/claim`, {})).statusCode).toBe(409);
    const limited = [];
    for (let i = 0; i < 3; i++) limited.push((await cat.request('POST', `/api/leads/${wanted}/claim`, {})).statusCode);
    expect(limited).toEqual([409, 429, 429]);
    const { attempts } = (await attemptsOf(cat, wanted)).json();
    expect(attempts.map((a: { outcome: string; repeats: number }) => [a.outcome, a.repeats])).toEqual([['over_cap', 1], ['over_cap', 1], ['rate_limited', 2]]);
    await max.request('PUT', '/api/pool-policy', rules);
  });

  it('shows them to managers and to the agents who tried, and to nobody else', async () => {
    const id = await newLead();
    await ann.request('POST', `/api/leads/${id}/claim`, {});
    expect((await attemptsOf(ann, id)).statusCode).toBe(200);
    const stranger = await attemptsOf(bob, id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'claim_attempts.forbidden' });
    expect((await attemptsOf(max, 999_999)).statusCode).toBe(404);
  });

  it('pages with a cursor, and refuses one that is not ours', async () => {
    const id = await newLead();
    await Promise.all(racers.slice(0, 5).map((r) => r.request('POST', `/api/leads/${id}/claim`, {})));
    const first = (await max.request('GET', `/api/leads/${id}/claim-attempts?limit=2`)).json();
    expect(first.attempts).toHaveLength(2);
    const second = (await max.request('GET', `/api/leads/${id}/claim-attempts?limit=10&cursor=${first.nextCursor}`)).json();
    expect(second.attempts).toHaveLength(3);
    expect(new Set([...first.attempts, ...second.attempts].map((a: { id: string }) => a.id)).size).toBe(5);
    expect((await max.request('GET', `/api/leads/${id}/claim-attempts?cursor=bm9wZQ`)).statusCode).toBe(400);
  });
});
