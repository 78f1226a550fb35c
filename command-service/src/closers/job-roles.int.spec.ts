import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../../../test/api-harness';
import { applied, postedJob } from '../../../test/api/closers-setup';
import { createJobRoles } from './job-roles';

let api: Api;
let owen: Agent, cleo: Agent, ian: Agent;
beforeAll(async () => {
  api = await startApi();
  [owen, cleo, ian] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('ian')]);
});
afterAll(async () => api.close());

describe("a job's people, for other areas", () => {
  it("answers a job's owner and a user's application from the streams, the moment a command lands", async () => {
    const roles = createJobRoles(api.pool, createPostgresEventStore(api.pool));
    const job = await postedJob(owen, { title: 'Roles job' });
    expect(await roles.ownerOf(job)).toEqual({ ownerId: owen.id, status: 'active', title: 'Roles job' });
    expect(await roles.ownerOf(999_999)).toBeNull();
    const id = await applied(cleo, job);
    expect(await roles.applicationOf(job, cleo.id)).toEqual({ applicationId: id, status: 'pending', withdrawn: false });
    const decided = await owen.request('POST', `/api/applications/${id}/status`, { status: 'accepted', expectedVersion: 1 });
    expect(decided.statusCode).toBe(200);
    expect(await roles.applicationOf(job, cleo.id)).toEqual({ applicationId: id, status: 'accepted', withdrawn: false });
    expect(await roles.applicationOf(job, ian.id)).toBeNull();
  });
});
