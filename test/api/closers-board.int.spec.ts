import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../contracts/src/closers';
import { startApi, type Agent, type Api } from '../api-harness';
import { applied, jobAt, postedJob } from './closers-setup';

let api: Api;
let owen: Agent, olga: Agent, cleo: Agent;
let solar: number, roofing: number, forex: number, draft: number, closed: number;
beforeAll(async () => {
  api = await startApi();
  [owen, olga, cleo] = await Promise.all([api.agent('owen'), api.agent('olga'), api.agent('cleo')]);
  // Commission per close: solar $1,500, roofing $3,000, forex $400.
  solar = await postedJob(owen, { title: 'Solar closer', salesPrice: 2_000_000, commissionRate: 7.5, location: 'Remote (US)', type: 'commission_only' });
  roofing = await postedJob(olga, { title: 'Roofing setter', companyName: 'TopRoof', productName: 'Metal roofs', salesPrice: 3_000_000, commissionRate: 10, location: 'Austin, TX', type: 'full_time', skillsRequired: ['roofing'] });
  forex = await postedJob(owen, { title: 'Forex account closer', companyName: 'FX Ltd', productName: 'Managed accounts', salesPrice: 400_000, commissionRate: 10, location: 'London', type: 'part_time', skillsRequired: ['forex'] });
  draft = await postedJob(owen, { title: 'Hidden draft' }, { draft: true });
  closed = await postedJob(olga, { title: 'Closed gig' });
  expect((await olga.request('POST', `/api/jobs/${closed}/close`)).statusCode).toBe(200);
  await applied(cleo, solar);
  await applied(cleo, roofing);
});
afterAll(async () => api.close());

const board = async (query = '') => {
  const res = await cleo.request('GET', `/api/jobs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { jobs: JobSummary[]; nextCursor: string | null; total: number };
};
const ids = (page: { jobs: JobSummary[] }) => page.jobs.map((j) => j.id);

describe('the job board', () => {
  it('lists active jobs only, newest first, with the commission per close in cents', async () => {
    await jobAt(olga, closed, 3);
    const page = await board();
    expect(ids(page)).toEqual([forex, roofing, solar]);
    expect(page.total).toBe(3);
    expect(page.jobs.find((j) => j.id === solar)).toMatchObject({ commissionPerClose: 150_000, salesPrice: 2_000_000, commissionRate: 7.5, ownerName: 'Owen Agent', applicationCount: 1 });
    expect(ids(page)).not.toContain(draft);
    expect(ids(page)).not.toContain(closed);
  });

  it('sorts by commission per close both ways', async () => {
    expect(ids(await board('?sort=commission_desc'))).toEqual([roofing, solar, forex]);
    expect(ids(await board('?sort=commission_asc'))).toEqual([forex, solar, roofing]);
  });

  it('filters by every word of a search, type, part of the location and minimum commission', async () => {
    expect(ids(await board('?search=roof%20METAL'))).toEqual([roofing]);
    expect(ids(await board('?search=forex'))).toEqual([forex]);
    expect(ids(await board('?search=nothing%20like%20this'))).toEqual([]);
    expect(ids(await board('?type=full_time'))).toEqual([roofing]);
    expect(ids(await board('?location=austin'))).toEqual([roofing]);
    expect(ids(await board('?minCommission=150000&sort=commission_asc'))).toEqual([solar, roofing]);
    expect((await board('?search=%25')).jobs).toEqual([]);
  });

  it('pages by keyset in every order without gaps or repeats, and refuses forged cursors', async () => {
    for (const sort of ['newest', 'commission_desc', 'commission_asc']) {
      const all = ids(await board(`?sort=${sort}`));
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await board(`?sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
    const forged = Buffer.from(JSON.stringify(['not a date', 1])).toString('base64url');
    expect((await cleo.request('GET', `/api/jobs?cursor=${forged}`)).json()).toMatchObject({ status: 400, error: 'invalid_cursor' });
    expect((await cleo.request('GET', '/api/jobs?sort=salary')).statusCode).toBe(400);
    expect((await cleo.request('GET', '/api/jobs?minCommission=-5')).statusCode).toBe(400);
  });

  it("shows a job's page with the viewer's own application, and counts only to who manages it", async () => {
    const asCleo = (await cleo.request('GET', `/api/jobs/${solar}`)).json().job;
    expect(asCleo).toMatchObject({ id: solar, status: 'active', viewer: { canManage: false, myApplication: { status: 'pending', statusReason: null } }, applicationCounts: null });
    const asOwen = (await owen.request('GET', `/api/jobs/${solar}`)).json().job;
    expect(asOwen).toMatchObject({ viewer: { canManage: true, myApplication: null }, applicationCounts: { pending: 1, reviewing: 0, accepted: 0, rejected: 0, withdrawn: 0 } });
  });
});

describe('editing and the lifecycle', () => {
  it('edits a job at the version seen, and refuses https-less videos and stale versions', async () => {
    const job = await postedJob(owen, { title: 'Editable' });
    const { version } = (await owen.request('GET', `/api/jobs/${job}`)).json().job;
    const ok = await owen.request('PATCH', `/api/jobs/${job}`, { commissionRate: 12.5, videoUrl: 'https://video.example.com/pitch', expectedVersion: version });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = await jobAt(owen, job, ok.json().version);
    expect(read).toMatchObject({ commissionRate: 12.5, commissionPerClose: 250_000, videoUrl: 'https://video.example.com/pitch' });
    expect((await owen.request('PATCH', `/api/jobs/${job}`, { title: 'Late', expectedVersion: version })).json()).toMatchObject({ status: 409, error: 'job.stale' });
    expect((await owen.request('PATCH', `/api/jobs/${job}`, { videoUrl: 'http://video.example.com/pitch' })).statusCode).toBe(400);
    expect((await owen.request('PATCH', `/api/jobs/${job}`, {})).statusCode).toBe(400);
    expect((await owen.request('PATCH', `/api/jobs/${job}`, { status: 'filled' })).statusCode).toBe(400);
  });

  it('moves draft -> active -> filled -> active (reopen) -> closed, refusing steps that do not fit', async () => {
    const job = await postedJob(owen, { title: 'Lifecycle' }, { draft: true });
    expect((await owen.request('POST', `/api/jobs/${job}/fill`)).json()).toMatchObject({ status: 409, error: 'job.not_published' });
    expect((await owen.request('POST', `/api/jobs/${job}/publish`)).json()).toMatchObject({ status: 'active' });
    expect((await owen.request('POST', `/api/jobs/${job}/fill`)).json()).toMatchObject({ status: 'filled' });
    expect((await owen.request('POST', `/api/jobs/${job}/publish`)).json()).toMatchObject({ status: 409, error: 'job.not_draft' });
    expect((await owen.request('POST', `/api/jobs/${job}/reopen`)).json()).toMatchObject({ status: 'active' });
    const last = await owen.request('POST', `/api/jobs/${job}/close`);
    expect(last.json()).toMatchObject({ status: 'closed' });
    const read = await jobAt(owen, job, last.json().version);
    expect(read).toMatchObject({ status: 'closed', filledAt: null });
    expect(read.closedAt).not.toBeNull();
  });

  it("lists an employer's own jobs in every status with applications per status", async () => {
    const mine = (await olga.request('GET', '/api/employer/jobs')).json();
    expect(mine.jobs.map((j: { id: number }) => j.id)).toEqual([closed, roofing]);
    expect(mine.jobs[1]).toMatchObject({ status: 'active', applicationCounts: { pending: 1 } });
    expect((await olga.request('GET', '/api/employer/jobs?status=closed')).json().jobs.map((j: { id: number }) => j.id)).toEqual([closed]);
  });
});
