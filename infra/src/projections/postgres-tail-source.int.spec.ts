import { beforeAll, describe, expect, it } from 'vitest';
import { createLead } from '../../../test/fixtures/lead-events';
import { useLogDatabase } from '../../../test/log-database';
import { createPostgresTailSource } from './postgres-tail-source';
import type { EventBatch } from './types';

const log = useLogDatabase({ maxConnections: 5 });

beforeAll(async () => {
  await log.pool.query("insert into checkpoints (name) values ('spacing_test') on conflict do nothing");
});

/** Claims, settles and commits a batch as the projection runner does (with nothing to apply). */
async function commit(batch: EventBatch) {
  const c = await log.pool.connect();
  try {
    await c.query(batch.begin ?? 'begin');
    const events = await batch.claim(c);
    await c.query(batch.commit ?? 'commit');
    await batch.afterCommit?.();
    return events ?? [];
  } finally {
    c.release();
  }
}

describe('the Postgres tail source', () => {
  it('hands out the first commit at once and gathers the commits that follow within the spacing into one batch', async () => {
    const abort = new AbortController();
    const source = createPostgresTailSource({ ...log, name: 'spacing_test', spacingMs: 3_000 });
    const wanted = () => true;

    await createLead(log.store, 1);
    const first = await commit((await source.next(abort.signal, wanted))!);
    expect(first.map((e) => e.streamId)).toEqual(['lead-1']);

    // Five commits, one after another, well within the spacing, while the source waits for
    // the next batch: one batch, not five.
    const next = source.next(abort.signal, wanted);
    for (let id = 2; id <= 6; id++) await createLead(log.store, id);
    const second = await commit((await next)!);
    expect(second.map((e) => e.streamId)).toEqual(['lead-2', 'lead-3', 'lead-4', 'lead-5', 'lead-6']);

    const { rows } = await log.pool.query<{ global_position: string }>("select global_position::text from checkpoints where name = 'spacing_test'");
    expect(rows[0]!.global_position).toBe(second[second.length - 1]!.globalPosition);
  });
});
