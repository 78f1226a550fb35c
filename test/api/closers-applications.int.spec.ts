import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { applicationAt, applied, applyBody, postedJob } from './closers-setup';
import { staffTeam } from './floor-setup';

// Owen posts jobs; Cleo and Cara are closers; Ian is another agent; Max is a manager.
let api: Api;
let owen: Agent, cleo: Agent, cara: Agent, ian: Agent, max: Agent;
beforeAll(async () => {
  api = await startApi();
  [owen, cleo, cara, ian, max] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('cara'), api.agent('ian'), api.agent('max')]);
  await staffTeam(api, 'Closers', max, []);
});
afterAll(async () => api.close());

const status = (who: Agent, id: number, body: object) => who.request('POST', `/api/applications/${id}/status`, body);
const versionOf = async (who: Agent, id: number) => (await who.request('GET', `/api/applications/${id}`)).json().application.version as number;

describe('applying', () => {
  it('takes one application per closer and job: of many at once exactly one lands, the others are 409', async () => {
    const job = await postedJob(owen);
    const answers = await Promise.all(Array.from({ length: 8 }, () => cleo.request('POST', `/api/jobs/${job}/applications`, applyBody())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toMatchObject({ error: 'application.exists' });
    const { rows } = await api.pool.query("select count(*)::int as n from events where type = 'ApplicationSubmitted' and data->>'jobId' = $1", [String(job)]);
    expect(rows[0].n).toBe(1);
    // Another closer still may.
    expect((await cara.request('POST', `/api/jobs/${job}/applications`, applyBody())).statusCode).toBe(201);
  });

  it("refuses a draft (404), a closed job, one's own job and unknown fields", async () => {
    const draft = await postedJob(owen, {}, { draft: true });
    expect((await cleo.request('POST', `/api/jobs/${draft}/applications`, applyBody())).json()).toMatchObject({ status: 404, error: 'job.not_found' });
    const job = await postedJob(owen);
    expect((await owen.request('POST', `/api/jobs/${job}/applications`, applyBody())).json()).toMatchObject({ status: 409, error: 'application.own_job' });
    expect((await cleo.request('POST', `/api/jobs/${job}/applications`, applyBody({ closerId: ian.id }))).statusCode).toBe(400);
    expect((await cleo.request('POST', `/api/jobs/${job}/applications`, applyBody({ status: 'accepted' }))).statusCode).toBe(400);
    await owen.request('POST', `/api/jobs/${job}/close`);
    expect((await cleo.request('POST', `/api/jobs/${job}/applications`, applyBody())).json()).toMatchObject({ status: 409, error: 'job.not_open' });
    expect((await cleo.request('POST', '/api/jobs/999999/applications', applyBody())).statusCode).toBe(404);
  });
});

describe('deciding', () => {
  it('lets two reviewers decide at once at the same version: one wins, the other gets 409', async () => {
    const job = await postedJob(owen);
    const id = await applied(cleo, job);
    const seen = await versionOf(owen, id);
    const [a, b] = await Promise.all([
      status(owen, id, { status: 'accepted', feedback: 'Welcome', expectedVersion: seen }),
      status(max, id, { status: 'rejected', feedback: 'Not a fit', expectedVersion: seen }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toMatchObject({ error: 'application.stale' });
    const won = a.statusCode === 200 ? a.json() : b.json();
    const { rows } = await api.pool.query("select count(*)::int as n from events where stream_id = $1 and type = 'ApplicationStatusChanged'", [`application-${id}`]);
    expect(rows[0].n).toBe(1);
    const read = await applicationAt(cleo, id, won.version);
    expect(read).toMatchObject({ status: won.status, version: won.version });
    expect(read.timeline.map((s: { status: string }) => s.status)).toEqual(['pending', won.status]);
  });

  it('needs expectedVersion, and answers a stale one with 409 naming the current status', async () => {
    const job = await postedJob(owen);
    const id = await applied(cleo, job);
    expect((await status(owen, id, { status: 'reviewing' })).statusCode).toBe(400);
    expect((await status(owen, id, { status: 'reviewing', expectedVersion: 1 })).statusCode).toBe(200);
    expect((await status(owen, id, { status: 'accepted', expectedVersion: 1 })).json()).toMatchObject({ status: 409, error: 'application.stale', details: { status: 'reviewing' } });
  });
});

describe('withdrawing', () => {
  it('is rejected with reason withdrawn_by_applicant, from pending or reviewing only, by the applicant only', async () => {
    const job = await postedJob(owen);
    const pending = await applied(cleo, job);
    expect((await owen.request('POST', `/api/applications/${pending}/withdraw`)).json()).toMatchObject({ status: 403, error: 'application.not_applicant' });
    const out = await cleo.request('POST', `/api/applications/${pending}/withdraw`);
    expect(out.json()).toMatchObject({ status: 'rejected', statusReason: 'withdrawn_by_applicant' });
    const read = await applicationAt(cleo, pending, out.json().version);
    expect(read).toMatchObject({ status: 'rejected', statusReason: 'withdrawn_by_applicant', viewer: { canWithdraw: false } });
    expect((await status(owen, pending, { status: 'accepted', expectedVersion: read.version })).json()).toMatchObject({ status: 409, error: 'application.withdrawn' });

    const reviewed = await applied(cara, job);
    expect((await status(owen, reviewed, { status: 'reviewing', expectedVersion: 1 })).statusCode).toBe(200);
    expect((await cara.request('POST', `/api/applications/${reviewed}/withdraw`)).json()).toMatchObject({ statusReason: 'withdrawn_by_applicant' });

    const other = await postedJob(owen, { title: 'Second job' });
    const accepted = await applied(cleo, other);
    expect((await status(owen, accepted, { status: 'accepted', expectedVersion: 1 })).statusCode).toBe(200);
    expect((await cleo.request('POST', `/api/applications/${accepted}/withdraw`)).json()).toMatchObject({ status: 409, error: 'application.not_withdrawable' });
  });
});

describe('reviewer notes stay private', () => {
  it("are read and written by the job's owner and managers; the applicant never sees them in any answer", async () => {
    const job = await postedJob(owen);
    const id = await applied(cleo, job);
    const secret = 'Private: asked for too much base pay';
    expect((await owen.request('POST', `/api/applications/${id}/notes`, { content: secret })).statusCode).toBe(201);
    expect((await max.request('POST', `/api/applications/${id}/notes`, { content: 'Manager agrees' })).statusCode).toBe(201);
    expect((await cleo.request('POST', `/api/applications/${id}/notes`, { content: 'Let me in' })).json()).toMatchObject({ status: 403, error: 'application.not_reviewer' });
    await waitFor(async () => (await owen.request('GET', `/api/applications/${id}/notes`)).json().notes.length === 2, { what: 'both notes' });
    expect((await cleo.request('GET', `/api/applications/${id}/notes`)).json()).toMatchObject({ status: 403, error: 'application.not_reviewer' });
    const applicantAnswers = await Promise.all([
      cleo.request('GET', `/api/applications/${id}`), cleo.request('GET', '/api/applications/mine'),
      cleo.request('GET', `/api/applications/${id}/messages`), cleo.request('GET', '/api/notifications'), cleo.request('GET', `/api/jobs/${job}`),
    ]);
    for (const a of applicantAnswers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain('Private: asked');
    }
  });
});
