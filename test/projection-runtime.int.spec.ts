import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createPostgresTailSource } from '../infra/src/projections/postgres-tail-source';
import { checkProjection, replayProjection } from '../infra/src/projections/rebuild';
import { startProjectionRunner } from '../infra/src/projections/runner';
import { leadPool } from '../projector/src/projections/lead-pool';
import { createLead, workLead } from './fixtures/lead-events';
import { useLogDatabase } from './log-database';
import { waitFor } from './wait-for';

const log = useLogDatabase();

const startLive = () => startProjectionRunner({
  pool: log.pool, projection: leadPool,
  source: createPostgresTailSource({ ...log, name: leadPool.name, batchSize: 40 }),
});

const rowCount = async () =>
  Number((await log.pool.query('select count(*) from lead_pool_v1').catch(() => ({ rows: [{ count: 0 }] }))).rows[0].count);

/** What the pool must show, computed from the fixtures' rules rather than by the projection. */
function expectedRow(id: number, worked: Map<number, number>) {
  const user = worked.get(id);
  if (user === undefined) return { id, status: 'available', claimed_by: null, score: null, stage: 'new', tags: [] };
  return { id, status: 'contacted', claimed_by: user, score: (id * 13) % 101, stage: 'discovery', tags: ['VIP', `t${id % 4}`] };
}

async function assertRows(worked: Map<number, number>, ids: number[]) {
  const { rows } = await log.pool.query('select id, status, claimed_by, score, stage, tags from lead_pool_v1 order by id');
  expect(rows).toEqual(ids.map((id) => expectedRow(id, worked)));
}

describe('projection runtime on the Postgres tail', () => {
  const worked = new Map<number, number>();
  const ids: number[] = [];

  it('projects committed events, and applying a batch twice changes nothing', async () => {
    for (let id = 1; id <= 60; id++) {
      await createLead(log.store, id);
      ids.push(id);
      if (id % 3 === 0) {
        await workLead(log.store, id, 100 + (id % 5));
        worked.set(id, 100 + (id % 5));
      }
    }
    const runner = startLive();
    await waitFor(async () => (await rowCount()) === 60 && runner.status().eventsApplied >= 60 + 20 * 5);
    await runner.stop();
    await assertRows(worked, ids);

    // redelivery: the same events applied again in one transaction
    const all = await log.store.readAfter({ transactionId: '0', globalPosition: '0' }, 10_000);
    const c = await log.pool.connect();
    try {
      await c.query('begin');
      await leadPool.apply(c, all, leadPool.tables);
      await leadPool.apply(c, all.slice(50), leadPool.tables);
      await c.query('commit');
    } finally {
      c.release();
    }
    await assertRows(worked, ids);
  });

  it('after a projector is killed mid-batch, the restarted one equals a full rebuild', async () => {
    for (let id = 61; id <= 140; id++) {
      await createLead(log.store, id);
      ids.push(id);
      if (id % 2 === 0) {
        await workLead(log.store, id, 200 + (id % 3));
        worked.set(id, 200 + (id % 3));
      }
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/children/projector-child.ts'], {
      env: { ...process.env, DATABASE_URL: log.url }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await waitFor(() => out.includes('MID_BATCH'), { what: 'the child to stop mid-batch' });
    child.kill('SIGKILL');
    await once(child, 'exit');

    const runner = startLive();
    await waitFor(async () => (await rowCount()) === 140, { what: 'the restarted projector to catch up' });
    const check = await checkProjection({ pool: log.pool, store: log.store, projection: leadPool });
    await runner.stop();
    expect(check.equal).toBe(true);
    await assertRows(worked, ids);
  });

  it('replays into fresh tables, swaps them in while the live runner runs, and hashes equal', async () => {
    const runner = startLive();
    const replayed = await replayProjection({ pool: log.pool, store: log.store, projection: leadPool, batchSize: 25 });
    // the live runner's next checkpoint compare-and-set fails; it resumes after the swap
    await createLead(log.store, 141);
    ids.push(141);
    await waitFor(async () => (await rowCount()) === 141, { what: 'the live runner to resume after the swap' });
    const check = await checkProjection({ pool: log.pool, store: log.store, projection: leadPool });
    await runner.stop();
    expect(replayed.rows).toBe(140);
    expect(check).toMatchObject({ equal: true, live: { rows: 141 } });
    await assertRows(worked, ids);
  });

  it('rolls a batch back when its checkpoint moved under it, and resumes from the stored checkpoint', async () => {
    const runner = startLive();
    await createLead(log.store, 142);
    ids.push(142);
    await waitFor(async () => (await rowCount()) === 142, { what: 'the live runner to project lead 142' });
    // Another writer (an operator starting the read model over) empties it and rewinds its checkpoint.
    await log.pool.query(`begin; select pg_advisory_xact_lock(hashtext('projection:${leadPool.name}'));
      truncate ${leadPool.tables.rows}; update checkpoints set transaction_id = '0', global_position = 0 where name = '${leadPool.name}'; commit`);
    await createLead(log.store, 143);
    ids.push(143);
    // The runner's batch of lead 143 fails its compare-and-set: committed anyway, the table would
    // hold lead 143 alone; rolled back, the runner re-reads the whole log from the rewound checkpoint.
    await waitFor(async () => (await rowCount()) === 143, { what: 'the runner to rebuild from the rewound checkpoint' });
    await runner.stop();
    await assertRows(worked, ids);
  });
});
