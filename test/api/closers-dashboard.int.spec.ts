import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { applicationAt, applied, postedJob } from './closers-setup';

let api: Api;
let owen: Agent, cleo: Agent, cara: Agent, cody: Agent, ian: Agent;
beforeAll(async () => {
  api = await startApi();
  [owen, cleo, cara, cody, ian] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('cara'), api.agent('cody'), api.agent('ian')]);
});
afterAll(async () => api.close());

const decide = async (id: number, status: string) => {
  const { version } = await applicationAt(owen, id, 1);
  const res = await owen.request('POST', `/api/applications/${id}/status`, { status, expectedVersion: version });
  expect(res.statusCode, res.body).toBe(200);
  return applicationAt(owen, id, res.json().version);
};

describe('the employer dashboard', () => {
  it('is empty for someone who owns no job', async () => {
    const board = (await ian.request('GET', '/api/employer/dashboard')).json();
    expect(board).toMatchObject({
      isEmployer: false, openJobs: 0, totalApplications: 0, medianFirstResponseSeconds: null, acceptanceRate: null, busiestJobs: [],
      applicationsByStatus: { pending: 0, reviewing: 0, accepted: 0, rejected: 0, withdrawn: 0 },
    });
    expect(board.applicationsPerWeek).toHaveLength(12);
  });

  it("counts the owner's jobs and applications, and computes the acceptance rate and median first response from the read models", async () => {
    const open = await postedJob(owen, { title: 'Open job' });
    await postedJob(owen, { title: 'Draft job' }, { draft: true });
    const a1 = await applied(cleo, open);
    const a2 = await applied(cara, open);
    const a3 = await applied(cody, open);
    const a4 = await applied(ian, open);
    const accepted = await decide(a1, 'accepted');
    const rejected = await decide(a2, 'rejected');
    await owen.request('POST', `/api/applications/${a3}/messages`, { content: 'Tell me more' });
    await ian.request('POST', `/api/applications/${a4}/withdraw`);
    await waitFor(async () => (await owen.request('GET', '/api/employer/dashboard')).json().applicationsByStatus.withdrawn === 1, { what: 'the withdrawal' });
    await waitFor(async () => (await owen.request('GET', '/api/employer/dashboard')).json().respondedCount === 3, { what: 'the message' });

    const board = (await owen.request('GET', '/api/employer/dashboard')).json();
    expect(board).toMatchObject({
      isEmployer: true, openJobs: 1, jobsByStatus: { draft: 1, active: 1, closed: 0, filled: 0 }, totalApplications: 4,
      applicationsByStatus: { pending: 1, reviewing: 0, accepted: 1, rejected: 2, withdrawn: 1 },
      // One accepted of two decided (the withdrawal is the applicant's, not a decision).
      acceptanceRate: 50, decidedCount: 2, respondedCount: 3,
      busiestJobs: [{ jobId: open, title: 'Open job', waiting: 1, total: 4 }],
    });
    // The same figure computed independently from the rows behind it.
    const { rows } = await api.pool.query<{ seconds: number }>(
      `select extract(epoch from least(a.first_review_at, (select min(m.created_at) from application_messages_v1 m where m.application_id = a.id and m.sender_id <> a.closer_id)) - a.created_at)::float as seconds
       from job_applications_v1 a where a.job_owner_id = $1 and a.id = any($2::int[]) order by 1`, [owen.id, [a1, a2, a3]]);
    expect(board.medianFirstResponseSeconds).toBe(Math.round(rows[1]!.seconds));
    expect(accepted.firstResponseAt).not.toBeNull();
    expect(rejected.status).toBe('rejected');
    expect(board.applicationsPerWeek.at(-1).count).toBe(4);
  });
});
