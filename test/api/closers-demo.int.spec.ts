import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoClosers } from '../../command-service/src/seed/demo-closers';
import type { FloorMember } from '../../command-service/src/seed/seed-leads';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

// The demo floor's closers hub, seeded for the floor's people through the hub's commands.
let api: Api;
const people: Record<string, Agent> = {};
const usernames = ['manager', 'lead', 'jordan', 'demo', 'sam', 'riley', 'casey', 'jamie', 'avery', 'quinn', 'drew', 'skyler'];
beforeAll(async () => {
  api = await startApi();
  for (const u of usernames) people[u] = await api.agent(u);
  await staffTeam(api, 'Closers', people.manager!, []);
  const members: FloorMember[] = usernames.map((u) => ({
    id: people[u]!.id, username: u, role: u === 'manager' ? 'manager' : u === 'lead' || u === 'jordan' ? 'teamLead' : 'agent', teamId: 1, teamIndex: 0,
  }));
  const store = createPostgresEventStore(api.pool);
  expect(await seedDemoClosers({ store, handle: createCommandHandler(store), members, now: new Date() })).toEqual({ jobs: 6, applications: 11 });
  await waitFor(async () => (await api.pool.query('select count(*)::int as n from job_applications_v1')).rows[0].n === 11
    && (await api.pool.query('select count(*)::int as n from application_messages_v1')).rows[0].n === 8
    && (await api.pool.query("select count(*)::int as n from job_opportunities_v1 where status in ('closed', 'filled')")).rows[0].n === 2, { what: 'the seeded hub in the read models' });
});
afterAll(async () => api.close());

describe('the demo floor closers hub', () => {
  it("has a board of active jobs, the manager's jobs in every status and applications in every status, one withdrawn", async () => {
    const board = (await people.demo!.request('GET', '/api/jobs')).json();
    expect(board.jobs.map((j: { title: string }) => j.title).sort()).toEqual(['Forex Account Closer', 'Medicare Plan Closer', 'Roofing Appointment Closer']);
    const mine = (await people.manager!.request('GET', '/api/employer/jobs')).json().jobs;
    expect(mine.map((j: { status: string }) => j.status).sort()).toEqual(['active', 'active', 'draft', 'filled']);
    const { rows } = await api.pool.query('select status, status_reason, count(*)::int as n from job_applications_v1 group by 1, 2 order by 1, 2');
    expect(rows).toEqual([
      { status: 'accepted', status_reason: null, n: 2 }, { status: 'pending', status_reason: null, n: 3 },
      { status: 'rejected', status_reason: 'withdrawn_by_applicant', n: 1 }, { status: 'rejected', status_reason: null, n: 2 },
      { status: 'reviewing', status_reason: null, n: 3 },
    ]);
  });

  it("gives the demo agent two applications with threads, and the manager's dashboard real figures", async () => {
    const mine = (await people.demo!.request('GET', '/api/applications/mine')).json();
    expect(mine.applications.map((a: { job: { title: string }; status: string }) => [a.job.title, a.status])).toEqual([
      ['Forex Account Closer', 'pending'], ['Medicare Plan Closer', 'reviewing'],
    ]);
    expect(mine.applications.every((a: { messageCount: number }) => a.messageCount > 0)).toBe(true);
    const board = (await people.manager!.request('GET', '/api/employer/dashboard')).json();
    // Two accepted (Quinn, Skyler) of three decided (Jamie rejected; Avery withdrew, which is no decision).
    expect(board).toMatchObject({ isEmployer: true, openJobs: 2, totalApplications: 8, acceptanceRate: 66.7, decidedCount: 3 });
    expect(board.medianFirstResponseSeconds).toBeGreaterThan(0);
  });
});
