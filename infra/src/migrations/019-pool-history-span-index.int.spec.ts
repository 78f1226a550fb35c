import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { up } from './019-pool-history-span-index';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let knex: ReturnType<typeof knexFactory>;
beforeAll(async () => {
  db = await createTestDatabase();
  knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
});
afterAll(async () => {
  await knex.destroy();
  await db.drop();
});

const indexes = async () => (await knex.raw<{ rows: { name: string; method: string; def: string }[] }>(
  `select i.relname as name, a.amname as method, pg_get_indexdef(i.oid) as def
   from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am a on a.oid = i.relam
   where x.indrelid = 'lead_pool_history_v1'::regclass order by 1`)).rows;

describe('migration 019', () => {
  it('swaps the span GiST index of a floor made before it for the covering SP-GiST one, keeping the rows', async () => {
    // The table as floors made it before this migration (its span indexed by GiST).
    await knex.raw(`drop table if exists lead_pool_history_v1`);
    await knex.raw(`
      create table lead_pool_history_v1 (
        id int not null, version int not null, valid_from timestamptz not null, valid_to timestamptz not null,
        lead_type text not null, status text not null, stage text not null, priority text not null, claimed_by int,
        primary key (id, version));
      create index on lead_pool_history_v1 using gist (tstzrange(valid_from, valid_to, '[)'));
      insert into lead_pool_history_v1 values
        (1, 1, '2026-01-01T10:00Z', '2026-01-01T11:00Z', 'finance', 'available', 'new', 'medium', null),
        (1, 2, '2026-01-01T11:00Z', 'infinity', 'finance', 'claimed', 'new', 'medium', 7)`);
    await up(knex);
    const after = await indexes();
    expect(after.map((i) => i.method).sort()).toEqual(['btree', 'spgist']);
    expect(after.find((i) => i.method === 'spgist')!.def)
      .toContain('INCLUDE (valid_from, valid_to, id, lead_type, status, stage, priority, claimed_by)');
    const { rows: [options] } = await knex.raw<{ rows: { reloptions: string[] }[] }>(
      `select reloptions from pg_class where oid = 'lead_pool_history_v1'::regclass`);
    expect(options!.reloptions).toEqual(['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_vacuum_insert_scale_factor=0.02']);
    const { rows } = await knex.raw<{ rows: { id: number; version: number }[] }>(
      `select id, version from lead_pool_history_v1 where tstzrange(valid_from, valid_to, '[)') @> '2026-01-01T10:30Z'::timestamptz`);
    expect(rows).toEqual([{ id: 1, version: 1 }]);
  });

  it('does nothing on a database without the table (a fresh floor makes it with the new index)', async () => {
    await knex.raw(`drop table if exists lead_pool_history_v1`);
    await expect(up(knex)).resolves.toBeUndefined();
  });
});
