import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoReleaseJob } from '../../command-service/src/leads/auto-release';
import { createJobs, type Jobs } from '../../infra/src/jobs/job-queue';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

// Auto-release through the whole app: the reactor sets a holding's timers, the worker fires them
// as commands, the projections and notifications follow. The periods are seconds long (the
// policy takes fractions of an hour), so the timers really fire within the test.

let api: Api;
let jobs: Jobs;
let max: Agent;
let ann: Agent;
beforeAll(async () => {
  api = await startApi();
  jobs = createJobs({ databaseUrl: api.url });
  [max, ann] = [await api.agent('max'), await api.agent('ann')];
  await staffTeam(api, 'Closers', max, [ann]);
}, 120_000);
afterAll(async () => {
  await jobs.close();
  await api.close();
});

const rules = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 0, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5 };
const setPolicy = async (body: Record<string, unknown>) => {
  const res = await max.request('PUT', '/api/pool-policy', { ...rules, ...body });
  expect(res.statusCode).toBe(200);
  await waitFor(async () => (await max.request('GET', '/api/pool-policy')).json().version >= res.json().version, { what: 'the policy read model' });
  return res.json().version as number;
};
const newLead = async (name: string) =>
  (await max.request('POST', '/api/leads', { name, email: 'x@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'forex' })).json().lead.id as number;
const eventsOf = async (leadId: number, type: string) =>
  (await api.pool.query<{ data: Record<string, unknown>; actor: number | null }>(
    `select data, (metadata->>'actorId')::int as actor from events where stream_id = $1 and type = $2 order by stream_version`, [`lead-${leadId}`, type])).rows;
const releaseJob = (leadId: number, claimedAt: string, releaseAt: string) => `auto-release-${leadId}-${Date.parse(claimedAt)}-${Date.parse(releaseAt)}`;
/**
 * The reactor sets a claim's release timer only if it reads the claim before what makes it moot
 * (`after`: a contact, an exemption); once it has read past that event, the timer, if it set
 * one, must fire (and find nothing to release).
 */
async function releaseTimerSettled(leadId: number, after: string, claimedAt: string, autoReleaseAt: string) {
  await waitFor(async () => (await api.pool.query(
    `select 1 from checkpoints c, events e where c.name = 'auto_release_v1' and e.stream_id = $1 and e.type = $2
       and (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position)`, [`lead-${leadId}`, after])).rowCount! > 0,
  { timeoutMs: 60_000, what: `the auto-release reactor to read past ${after}` });
  await waitFor(async () => {
    const timer = await jobs.queue(AutoReleaseJob).status(releaseJob(leadId, claimedAt, autoReleaseAt));
    return !timer || timer.state === 'completed';
  }, { timeoutMs: 60_000, what: 'the release timer, if it was set, to fire' });
}
const notificationsOf = async (who: Agent) => (await who.request('GET', '/api/notifications')).json().notifications as { eventType: string; title: string; message: string; data: { leadId?: number } }[];

describe('auto-release', () => {
  it('releases a lead nobody contacted once its time is up, once, saying why in its history and to its holder', async () => {
    const version = await setPolicy({ autoReleaseHours: 0.001 });
    const id = await newLead('Quiet Lead');
    const claim = await ann.request('POST', `/api/leads/${id}/claim`, {});
    const { claimedAt, autoReleaseAt } = claim.json().lead;
    expect(Date.parse(autoReleaseAt) - Date.parse(claimedAt)).toBe(3_600);
    await waitFor(async () => (await eventsOf(id, 'LeadReleased')).length > 0, { timeoutMs: 60_000, what: 'the auto-release' });
    await waitFor(async () => (await jobs.queue(AutoReleaseJob).status(releaseJob(id, claimedAt, autoReleaseAt)))?.state === 'completed',
      { timeoutMs: 30_000, what: 'the release timer to finish' });
    const released = await eventsOf(id, 'LeadReleased');
    expect(released).toHaveLength(1);
    expect(released[0]).toEqual({ actor: null, data: expect.objectContaining({ userId: ann.id, releasedBy: null, reason: 'auto_release', policyVersion: version }) });
    const lead = await waitFor(async () => {
      const l = (await ann.request('GET', `/api/leads/${id}`)).json().lead;
      return l.status === 'available' && l;
    }, { what: 'the pool to show the lead available' });
    expect(lead).toMatchObject({ claimedBy: null, autoReleaseAt: null });
    const history = (await ann.request('GET', `/api/leads/${id}/history`)).json().history;
    expect(history.at(-1).summary).toMatch(/^Released to the pool automatically: Ann Agent had not reached the customer/);
    const told = await waitFor(async () => (await notificationsOf(ann)).find((n) => n.eventType === 'lead_auto_released' && n.data.leadId === id));
    expect(told).toMatchObject({ title: 'Lead Returned to Pool', message: expect.stringContaining('Quiet Lead went back to the pool') });
  }, 90_000);

  it('leaves a contacted lead with its holder', async () => {
    await setPolicy({ autoReleaseHours: 0.001 });
    const id = await newLead('Called Lead');
    const { claimedAt, autoReleaseAt } = (await ann.request('POST', `/api/leads/${id}/claim`, {})).json().lead;
    const contacted = await ann.request('PATCH', `/api/leads/${id}`, { status: 'contacted' });
    expect(contacted.json().lead.autoReleaseAt).toBeNull();
    await releaseTimerSettled(id, 'LeadStatusChanged', claimedAt, autoReleaseAt);
    expect(await eventsOf(id, 'LeadReleased')).toEqual([]);
  }, 150_000);

  it('warns the holder before the release', async () => {
    const version = await setPolicy({ autoReleaseHours: 0.02, warnBeforeReleaseMinutes: 1 });
    const id = await newLead('Warned Lead');
    const { autoReleaseAt } = (await ann.request('POST', `/api/leads/${id}/claim`, {})).json().lead;
    await waitFor(async () => (await eventsOf(id, 'LeadAutoReleaseWarned')).length > 0, { timeoutMs: 60_000, what: 'the warning' });
    const [warned] = await eventsOf(id, 'LeadAutoReleaseWarned');
    expect(warned!.data).toMatchObject({ userId: ann.id, releaseAt: autoReleaseAt, policyVersion: version });
    const note = await waitFor(async () => (await notificationsOf(ann)).find((n) => n.eventType === 'lead_auto_release_warning' && n.data.leadId === id));
    expect(note).toMatchObject({ title: 'Lead Returning to Pool', message: 'Contact Warned Lead within 1 minute or the lead goes back to the pool' });
    // Reaching the customer keeps it.
    await ann.request('PATCH', `/api/leads/${id}`, { status: 'contacted' });
  }, 90_000);

  it('lets a manager exempt a lead, which then stays, and put it back under the rule, which restarts its clock', async () => {
    await setPolicy({ autoReleaseHours: 0.001 });
    const id = await newLead('Exempt Lead');
    const { claimedAt, autoReleaseAt } = (await ann.request('POST', `/api/leads/${id}/claim`, {})).json().lead;
    expect((await ann.request('PUT', `/api/leads/${id}/auto-release-exemption`)).statusCode).toBe(403);
    const exempt = await max.request('PUT', `/api/leads/${id}/auto-release-exemption`);
    expect(exempt.statusCode).toBe(200);
    expect(exempt.json().lead).toMatchObject({ autoReleaseExempt: true, autoReleaseAt: null });
    await releaseTimerSettled(id, 'LeadAutoReleaseExempted', claimedAt, autoReleaseAt);
    expect(await eventsOf(id, 'LeadReleased')).toEqual([]);
    expect((await max.request('GET', `/api/leads/${id}`)).json().lead).toMatchObject({ autoReleaseExempt: true, status: 'claimed' });

    const lifted = await max.request('DELETE', `/api/leads/${id}/auto-release-exemption`);
    expect(lifted.json().lead.autoReleaseExempt).toBe(false);
    expect(Date.parse(lifted.json().lead.autoReleaseAt)).toBeGreaterThan(Date.parse(autoReleaseAt));
    await waitFor(async () => (await eventsOf(id, 'LeadReleased')).length > 0, { timeoutMs: 60_000, what: 'the release after the exemption' });
    const history = (await max.request('GET', `/api/leads/${id}/history`)).json().history.map((h: { summary: string }) => h.summary);
    expect(history).toEqual(expect.arrayContaining(['Exempted from auto-release by Max Agent', 'Put back under auto-release by Max Agent; its clock starts again']));
  }, 120_000);

  it('answers 404 for an exemption of a lead that does not exist', async () => {
    expect((await max.request('PUT', '/api/leads/999999/auto-release-exemption')).statusCode).toBe(404);
  });
});
