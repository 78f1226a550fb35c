import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';

let api: Api;
let ann: Agent;
let bob: Agent;
let max: Agent;
let teamId: number;
beforeAll(async () => {
  api = await startApi();
  [ann, bob, max] = [await api.agent('ann'), await api.agent('bob'), await api.agent('max')];
  teamId = await staffTeam(api, 'Closers', max, [ann]);
});
afterAll(async () => api.close());

const transcript = [
  'Agent: Hi, my name is Ann, calling from LeadFloor Realty. Is this a good time?',
  'Customer: Yes, I love the listing you sent, it looks great.',
  'Agent: What are you looking for in a home, and how soon would you like to move?',
  'Customer: Three bedrooms. How much would the condo on Elm cost? We are pre-approved.',
  'Agent: We can set up a viewing. The next step is to book a tour on Saturday.',
  'Customer: Sounds good, thank you!',
].join('\n');

const getCall = async (who: Agent, id: number) => (await who.request('GET', `/api/calls/${id}`)).json().call;
/** The call's analytics once the analysis job has run (undefined until then, for waitFor). */
const analyticsOf = async (who: Agent, id: number) => (await getCall(who, id))?.analytics ?? undefined;

describe('logging calls', () => {
  it('logs a completed call on a held lead, marks the lead contacted and analyses the transcript', async () => {
    const leadId = await claimedLead(ann);
    const res = await ann.request('POST', '/api/calls', { leadId, durationSeconds: 245, result: 'connected', notes: 'Keen buyer', transcript });
    expect(res.statusCode).toBe(201);
    const { call } = res.json();
    expect(call).toMatchObject({ leadId, userId: ann.id, userName: 'Ann Agent', teamId, status: 'completed', duration: 245, callResult: 'connected', analytics: null });
    const lead = await waitFor(async () => {
      const l = (await ann.request('GET', `/api/leads/${leadId}`)).json().lead;
      return l.status === 'contacted' && l;
    }, { what: 'the lead marked contacted' });
    expect(lead.lastContactedAt).toBe(call.endTime);
    const analyzed = await waitFor(() => analyticsOf(ann, call.id), { what: 'call analytics' });
    expect(analyzed).toMatchObject({ callId: call.id, sentiment: 'positive', scriptVersion: 0, scriptTeamId: null });
    expect(analyzed.buyingSignals).toEqual(expect.arrayContaining(['Asked about price', 'Named a budget']));
    expect(analyzed).toMatchObject({ scriptAdherence: 83, scriptDeviations: ['Skipped: Check for concerns'] });
  });

  it('starts and completes a live call; a voicemail leaves the lead claimed and has no analytics', async () => {
    const leadId = await claimedLead(ann);
    const started = await ann.request('POST', '/api/calls/start', { leadId });
    expect(started.statusCode).toBe(201);
    expect(started.json().call).toMatchObject({ status: 'in_progress', endTime: null });
    const id = started.json().call.id;
    expect((await bob.request('POST', `/api/calls/${id}/complete`, { result: 'voicemail' })).statusCode).toBe(403);
    const done = await ann.request('POST', `/api/calls/${id}/complete`, { result: 'voicemail', notes: 'Left a message' });
    expect(done.statusCode).toBe(200);
    expect(done.json().call).toMatchObject({ status: 'completed', callResult: 'voicemail', notes: 'Left a message' });
    expect((await ann.request('POST', `/api/calls/${id}/complete`, { result: 'connected' })).statusCode).toBe(409);
    const read = await waitFor(async () => {
      const c = await getCall(ann, id);
      return c?.status === 'completed' && c;
    });
    expect(read.analytics).toBeNull();
    expect((await ann.request('GET', `/api/leads/${leadId}`)).json().lead.status).toBe('claimed');
  });

  it('refuses calls on leads the agent does not hold, bad bodies, unknown ids and strangers', async () => {
    const leadId = await claimedLead(ann);
    const other = await bob.request('POST', '/api/calls', { leadId, durationSeconds: 10, result: 'busy' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'call.not_holder' });
    expect((await ann.request('POST', '/api/calls', { leadId: 999999, durationSeconds: 10, result: 'busy' })).statusCode).toBe(404);
    expect((await ann.request('POST', '/api/calls', { leadId, durationSeconds: 10, result: 'maybe' })).statusCode).toBe(400);
    expect((await ann.request('POST', '/api/calls', { leadId, durationSeconds: -1, result: 'busy' })).statusCode).toBe(400);
    expect((await ann.request('POST', '/api/calls', { leadId, durationSeconds: 10, result: 'busy', userId: bob.id })).statusCode).toBe(400);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ann.request('POST', '/api/calls', { leadId, durationSeconds: 10, result: 'busy', startedAt: future })).statusCode).toBe(409);
    expect((await ann.request('POST', '/api/calls/999999/complete', { result: 'busy' })).statusCode).toBe(404);
    expect((await ann.request('GET', '/api/calls/999999')).statusCode).toBe(404);
    for (const [method, url] of [['GET', '/api/calls'], ['GET', '/api/calls/1'], ['GET', '/api/calls/analytics/summary'], ['GET', '/api/call-analytics'],
      ['GET', '/api/call-script'], ['POST', '/api/calls'], ['POST', '/api/calls/start'], ['POST', '/api/calls/1/complete'], ['PUT', '/api/call-script']] as const) {
      expect((await api.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await bob.request('POST', '/api/calls/start', { leadId })).statusCode).toBe(403);
    expect((await ann.request('POST', '/api/calls/start', { leadId: 999999 })).statusCode).toBe(404);
    expect((await ann.request('POST', '/api/calls/start', {})).statusCode).toBe(400);
    expect((await ann.request('POST', '/api/calls/1/complete', { result: 'connected', durationSeconds: 'long' })).statusCode).toBe(400);
    expect((await ann.request('GET', '/api/calls/abc')).statusCode).toBe(400);
    const logged = (await ann.request('POST', '/api/calls', { leadId, durationSeconds: 10, result: 'busy' })).json().call;
    expect((await bob.request('GET', `/api/calls/${logged.id}?minVersion=2`)).statusCode).toBe(403);
    expect((await max.request('GET', `/api/calls/${logged.id}?minVersion=2`)).statusCode).toBe(200);
  });
});

describe('reading calls', () => {
  it("lists an agent's own calls, a manager their team's, with filters and the card's averages", async () => {
    const leadId = await claimedLead(ann);
    const logged = (await ann.request('POST', '/api/calls', { leadId, durationSeconds: 60, result: 'connected', transcript })).json().call;
    await waitFor(() => analyticsOf(ann, logged.id));
    const mine = (await ann.request('GET', `/api/calls?leadId=${leadId}`)).json();
    expect(mine.map((c: { id: number }) => c.id)).toEqual([logged.id]);
    expect((await bob.request('GET', `/api/calls?leadId=${leadId}`)).json()).toEqual([]);
    const team = (await max.request('GET', `/api/calls?userId=${ann.id}&analyzed=true`)).json();
    expect(team.length).toBeGreaterThan(0);
    expect(team.every((c: { userId: number; analytics: unknown }) => c.userId === ann.id && c.analytics !== null)).toBe(true);
    const summary = (await ann.request('GET', '/api/calls/analytics/summary')).json();
    expect(summary.analyzedCalls).toBeGreaterThan(0);
    expect(summary.averageSentimentScore).toBeGreaterThan(5);
    expect((await ann.request('GET', '/api/calls?result=nope')).statusCode).toBe(400);
  });

  it('answers per-week and per-agent trends for /call-analytics', async () => {
    const trends = (await max.request('GET', '/api/call-analytics?weeks=4')).json();
    expect(trends.weeks).toHaveLength(4);
    expect(trends.timeZone).toBe('UTC');
    const thisWeek = trends.weeks[3];
    expect(thisWeek.calls).toBeGreaterThan(0);
    expect(trends.agents.find((a: { userId: number }) => a.userId === ann.id)).toMatchObject({ fullName: 'Ann Agent' });
    expect(trends.results.connected).toBeGreaterThan(0);
    expect((await max.request('GET', '/api/call-analytics?weeks=0')).statusCode).toBe(400);
  });
});

describe('call scripts', () => {
  it("lets a manager edit their team's script, refuses agents, and re-analyses the team's calls against it", async () => {
    const leadId = await claimedLead(ann);
    const logged = (await ann.request('POST', '/api/calls', { leadId, durationSeconds: 60, result: 'connected', transcript })).json().call;
    await waitFor(() => analyticsOf(ann, logged.id));
    const script = { checkpoints: [{ label: 'Mention the warranty', phrases: ['warranty'] }, { label: 'Book a tour', phrases: ['book a tour'] }] };
    expect((await ann.request('PUT', '/api/call-script', script)).statusCode).toBe(403);
    expect((await max.request('PUT', '/api/call-script', { checkpoints: [] })).statusCode).toBe(400);
    const res = await max.request('PUT', '/api/call-script', script);
    expect(res.statusCode).toBe(200);
    expect(res.json().script).toMatchObject({ teamId, version: 1 });
    const again = await waitFor(async () => {
      const a = (await getCall(ann, logged.id)).analytics;
      return a?.scriptVersion === 1 && a;
    }, { what: 're-analysis against the new script' });
    expect(again).toMatchObject({ scriptTeamId: teamId, scriptAdherence: 50, scriptDeviations: ['Skipped: Mention the warranty'] });
    const read = (await ann.request('GET', '/api/call-script')).json();
    expect(read).toMatchObject({ teamId, version: 1, checkpoints: [{ label: 'Mention the warranty' }, { label: 'Book a tour' }] });
    expect((await bob.request('GET', `/api/call-script?teamId=${teamId}`)).statusCode).toBe(403);
  });
});
