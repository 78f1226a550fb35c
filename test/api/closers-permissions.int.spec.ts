import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { applied, applyBody, jobBody, postedJob } from './closers-setup';
import { staffTeam } from './floor-setup';

// Every closers hub route, asked by the applicant (Cleo), the job's owner (Owen), another user
// (Ian) and a manager (Max). Each row: the route, then the status each of them gets.
type Who = 'applicant' | 'owner' | 'other' | 'manager';
let api: Api;
const as = {} as Record<Who, Agent>;
let job: number, draft: number, application: number;
beforeAll(async () => {
  api = await startApi();
  [as.owner, as.applicant, as.other, as.manager] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('ian'), api.agent('max')]);
  await staffTeam(api, 'Closers', as.manager, []);
  job = await postedJob(as.owner);
  draft = await postedJob(as.owner, { title: 'Unpublished' }, { draft: true });
  application = await applied(as.applicant, job);
  const posted = await as.applicant.request('POST', `/api/applications/${application}/messages`, { content: 'Hello' });
  expect(posted.statusCode).toBe(201);
});
afterAll(async () => api.close());

type Row = { route: string; ask: (who: Agent) => Promise<{ statusCode: number; body: string }>; expect: Record<Who, number> };
const get = (url: string) => (who: Agent) => who.request('GET', url);
const reads = (): Row[] => [
  { route: 'GET /api/jobs', ask: get('/api/jobs'), expect: { applicant: 200, owner: 200, other: 200, manager: 200 } },
  { route: 'GET /api/jobs/{id} (active)', ask: get(`/api/jobs/${job}`), expect: { applicant: 200, owner: 200, other: 200, manager: 200 } },
  { route: 'GET /api/jobs/{id} (draft)', ask: get(`/api/jobs/${draft}`), expect: { applicant: 404, owner: 200, other: 404, manager: 200 } },
  { route: 'GET /api/jobs/{id}/applications', ask: get(`/api/jobs/${job}/applications`), expect: { applicant: 403, owner: 200, other: 403, manager: 200 } },
  { route: 'GET /api/jobs/{draft}/applications', ask: get(`/api/jobs/${draft}/applications`), expect: { applicant: 404, owner: 200, other: 404, manager: 200 } },
  { route: 'GET /api/applications/mine', ask: get('/api/applications/mine'), expect: { applicant: 200, owner: 200, other: 200, manager: 200 } },
  { route: 'GET /api/applications/{id}', ask: get(`/api/applications/${application}`), expect: { applicant: 200, owner: 200, other: 403, manager: 200 } },
  { route: 'GET /api/applications/{id}/messages', ask: get(`/api/applications/${application}/messages`), expect: { applicant: 200, owner: 200, other: 403, manager: 200 } },
  { route: 'GET /api/applications/{id}/notes', ask: get(`/api/applications/${application}/notes`), expect: { applicant: 403, owner: 200, other: 403, manager: 200 } },
  { route: 'GET /api/employer/jobs', ask: get('/api/employer/jobs'), expect: { applicant: 200, owner: 200, other: 200, manager: 200 } },
  { route: 'GET /api/employer/jobs?scope=all', ask: get('/api/employer/jobs?scope=all'), expect: { applicant: 403, owner: 403, other: 403, manager: 200 } },
  { route: 'GET /api/employer/dashboard', ask: get('/api/employer/dashboard'), expect: { applicant: 200, owner: 200, other: 200, manager: 200 } },
];

describe('closers hub permission matrix', () => {
  it('reads: applicant, owner, other user and manager each get what the rules give them', async () => {
    for (const row of reads()) {
      for (const who of Object.keys(row.expect) as Who[]) {
        const res = await row.ask(as[who]);
        expect({ route: row.route, who, status: res.statusCode }, res.body).toEqual({ route: row.route, who, status: row.expect[who] });
      }
    }
  });

  it('job writes: the owner and a manager change a job; the applicant and another user get 403 (404 for a draft)', async () => {
    const cases: [string, (who: Agent) => Promise<{ statusCode: number; body: string }>, Record<Who, number>][] = [
      ['PATCH /api/jobs/{id}', (w) => w.request('PATCH', `/api/jobs/${job}`, { compensation: `Set by ${w.id}` }), { applicant: 403, other: 403, owner: 200, manager: 200 }],
      ['PATCH /api/jobs/{draft}', (w) => w.request('PATCH', `/api/jobs/${draft}`, { compensation: `Set by ${w.id}` }), { applicant: 404, other: 404, owner: 200, manager: 200 }],
      ['POST /api/jobs/{id}/close', (w) => w.request('POST', `/api/jobs/${job}/close`), { applicant: 403, other: 403, owner: 200, manager: 200 }],
      ['POST /api/jobs/{id}/reopen', (w) => w.request('POST', `/api/jobs/${job}/reopen`), { applicant: 403, other: 403, owner: 200, manager: 200 }],
      ['POST /api/jobs/{draft}/publish', (w) => w.request('POST', `/api/jobs/${draft}/publish`), { applicant: 404, other: 404, owner: 200, manager: 200 }],
    ];
    for (const [route, ask, want] of cases) {
      for (const who of ['applicant', 'other', 'owner', 'manager'] as Who[]) {
        const res = await ask(as[who]);
        expect({ route, who, status: res.statusCode }, res.body).toEqual({ route, who, status: want[who] });
      }
    }
    // Anyone signed in may post: posting is what makes an employer.
    for (const who of Object.values(as)) expect((await who.request('POST', '/api/jobs', jobBody())).statusCode).toBe(201);
  });

  it('application writes: status and notes for owner and manager, withdraw for the applicant, the thread for the two parties', async () => {
    const fresh = await postedJob(as.owner, { title: 'Matrix job' });
    const app = await applied(as.applicant, fresh);
    const version = async () => (await as.owner.request('GET', `/api/applications/${app}`)).json().application.version as number;
    for (const who of ['applicant', 'other'] as Who[]) {
      expect((await as[who].request('POST', `/api/applications/${app}/status`, { status: 'reviewing', expectedVersion: await version() })).statusCode).toBe(403);
      expect((await as[who].request('POST', `/api/applications/${app}/notes`, { content: 'x' })).statusCode).toBe(403);
    }
    for (const who of ['owner', 'manager'] as Who[]) {
      const target = who === 'owner' ? 'reviewing' : 'pending';
      expect((await as[who].request('POST', `/api/applications/${app}/status`, { status: target, expectedVersion: await version() })).statusCode).toBe(200);
      expect((await as[who].request('POST', `/api/applications/${app}/notes`, { content: `Note by ${who}` })).statusCode).toBe(201);
    }
    for (const who of ['applicant', 'owner'] as Who[]) {
      expect((await as[who].request('POST', `/api/applications/${app}/messages`, { content: `From ${who}` })).statusCode).toBe(201);
    }
    for (const who of ['other', 'manager'] as Who[]) {
      expect((await as[who].request('POST', `/api/applications/${app}/messages`, { content: 'Hi' })).statusCode).toBe(403);
    }
    for (const who of ['owner', 'other', 'manager'] as Who[]) {
      expect((await as[who].request('POST', `/api/applications/${app}/withdraw`)).statusCode).toBe(403);
    }
    expect((await as.applicant.request('POST', `/api/applications/${app}/withdraw`)).statusCode).toBe(200);
    expect((await as.owner.request('POST', '/api/applications/999999/status', { status: 'accepted', expectedVersion: 1 })).statusCode).toBe(404);
    expect((await as.owner.request('POST', '/api/applications/999999/messages', { content: 'x' })).statusCode).toBe(404);
    expect((await as.owner.request('GET', '/api/applications/999999')).statusCode).toBe(404);
  });

  it("treats a manager who applied as the applicant there: no deciding it, no reading its reviewer notes", async () => {
    const fresh = await postedJob(as.owner, { title: 'Manager applies' });
    const own = await applied(as.manager, fresh);
    expect((await as.owner.request('POST', `/api/applications/${own}/notes`, { content: 'Owner only' })).statusCode).toBe(201);
    expect((await as.manager.request('GET', `/api/applications/${own}/notes`)).json()).toMatchObject({ status: 403, error: 'application.not_reviewer' });
    expect((await as.manager.request('POST', `/api/applications/${own}/status`, { status: 'accepted', expectedVersion: 1 })).json())
      .toMatchObject({ status: 403, error: 'application.not_reviewer' });
    expect((await as.manager.request('GET', `/api/applications/${own}`)).json().application.viewer).toMatchObject({ isApplicant: true, canReview: false });
  });

  it('answers 401 to every route without a session', async () => {
    const anonymous = [
      ['GET', '/api/jobs'], ['GET', `/api/jobs/${job}`], ['POST', '/api/jobs'], ['GET', '/api/applications/mine'],
      ['POST', `/api/jobs/${job}/applications`], ['GET', '/api/employer/dashboard'], ['GET', `/api/applications/${application}/messages`],
    ] as const;
    for (const [method, url] of anonymous) {
      const res = await api.app.inject({ method, url, ...(method === 'POST' ? { payload: applyBody() } : {}) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });
});
