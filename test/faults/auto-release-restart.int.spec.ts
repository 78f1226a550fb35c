import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoReleaseJob } from '../../command-service/src/leads/auto-release';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { userAggregate, userStream } from '../../command-service/src/users/user-aggregate';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createJobs, type Jobs } from '../../infra/src/jobs/job-queue';
import { createPool, type Pool } from '../../infra/src/postgres/pool';
import { answers, freePort, spawnChild, waitUntilReady, type Child } from '../child-process';
import { createTestDatabase } from '../db';
import { waitFor } from '../wait-for';
import { newLead, register } from './http-user';

// The app (the embedded form, `npm start`'s command, as a child process) is killed with SIGKILL
// while a lead's auto-release timer is set, and stays down past the moment it is due. Started
// again on the same database, the durable timer (BullMQ on PostgreSQL) and the reconciler that
// runs on start both find the holding overdue: the lead is released exactly once, and a
// duplicate of the timer delivered afterwards changes nothing.

const START_BOUND_MS = 180_000;
const TEST_BOUND_MS = 240_000;
// 7.2 seconds: long enough to kill the app before it is due, short enough to wait out.
const AUTO_RELEASE_HOURS = 0.002;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let jobs: Jobs;
let app: Child | undefined;
let base: string;
let env: NodeJS.ProcessEnv;

const start = async () => {
  const child = spawnChild('leadfloor', process.execPath, ['--import', 'tsx', 'launcher/src/embedded.ts'], { env });
  await waitUntilReady(child, () => answers(`${base}/readyz`), { timeoutMs: START_BOUND_MS });
  return child;
};

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4 });
  jobs = createJobs({ databaseUrl: db.url });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env, DATABASE_URL: db.url, PORT: String(port), DEMO: 'false', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '10000',
    REGISTRATIONS_PER_ADDRESS: '100000', LOGIN_ATTEMPTS_PER_ADDRESS: '100000', CONSOLE_BUILD: 'off',
  };
  for (const name of ['REDIS_URL', 'KAFKA_BROKERS', 'COMMAND_SERVICE_URL', 'METRICS_PORT', 'METRICS_TOKEN', 'NODE_ENV']) delete env[name];
  app = await start();
}, START_BOUND_MS);

afterAll(async () => {
  await app?.stop();
  await jobs?.close();
  await pool?.end();
  await db?.drop();
});

const released = async (leadId: number) => (await pool.query<{ data: { reason: string; userId: number; policyVersion: number } }>(
  `select data from events where stream_id = $1 and type = 'LeadReleased'`, [`lead-${leadId}`])).rows;

describe('app killed while an auto-release timer is due', () => {
  it('releases the lead exactly once after a restart', async () => {
    const [max, ann] = [await register(base, 'max'), await register(base, 'ann')];
    // Registration makes agents; the floor's manager is made through the same command a promotion runs.
    const handle = createCommandHandler(createPostgresEventStore(pool));
    await handle(userAggregate, userStream(max.id), {
      type: 'ChangeRole', data: { role: 'manager' }, meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null } },
    }, { actorId: null, correlationId: 'test-manager' });
    await waitFor(async () => (await pool.query(`select 1 from users_v1 where id = $1 and role = 'manager'`, [max.id])).rowCount === 1, { what: 'the manager role' });

    const policy = await max.request('PUT', '/api/pool-policy', {
      maxActiveClaims: null, autoReleaseHours: AUTO_RELEASE_HOURS, warnBeforeReleaseMinutes: 0, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5,
    });
    expect(policy.status).toBe(200);
    await waitFor(async () => (await max.request('GET', '/api/pool-policy')).body.version === policy.body.version, { what: 'the policy read model' });
    const lead = (await max.request('POST', '/api/leads', newLead('Quiet Lead'))).body.lead;
    const claim = await ann.request('POST', `/api/leads/${lead.id}/claim`, {});
    expect(claim.status).toBe(200);
    const { claimedAt, autoReleaseAt } = claim.body.lead;
    const jobId = `auto-release-${lead.id}-${Date.parse(claimedAt)}-${Date.parse(autoReleaseAt)}`;
    await waitFor(async () => (await jobs.queue(AutoReleaseJob).status(jobId))?.state === 'delayed', { what: 'the release timer to be set' });

    await app!.kill('SIGKILL');
    expect(Date.now()).toBeLessThan(Date.parse(autoReleaseAt));
    await waitFor(() => Date.now() > Date.parse(autoReleaseAt) + 1_000, { timeoutMs: 30_000, what: 'the release to fall due while the app is down' });
    expect(await released(lead.id)).toEqual([]);

    app = await start();
    await waitFor(async () => (await released(lead.id)).length > 0, { timeoutMs: 120_000, what: 'the overdue release after the restart' });
    await waitFor(async () => (await jobs.queue(AutoReleaseJob).status(jobId))?.state === 'completed', { timeoutMs: 60_000, what: 'the timer to finish' });
    // A duplicate delivery of the same timer (at least once) finds the lead back in the pool.
    const duplicate = `auto-release-duplicate-${lead.id}`;
    await jobs.queue(AutoReleaseJob).enqueue({ leadId: lead.id, claimedAt, kind: 'release' }, { jobId: duplicate });
    await waitFor(async () => (await jobs.queue(AutoReleaseJob).status(duplicate))?.state === 'completed', { timeoutMs: 60_000, what: 'the duplicate to run' });

    const rows = await released(lead.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ reason: 'auto_release', userId: ann.id, policyVersion: policy.body.version });
    const { rows: [count] } = await pool.query<{ value: string }>(`select value from counters where scope = 'active_claims' and key = $1`, [String(ann.id)]);
    expect(Number(count!.value)).toBe(0);
  }, TEST_BOUND_MS);
});
