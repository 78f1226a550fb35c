import type { Knex } from 'knex';

export const name = '019-pool-history-span-index';

/**
 * The pool as of an instant counts every lead version valid then. On a floor that already has
 * `lead_pool_history_v1`, its GiST index on the span gives way to the one its projection now
 * makes (`createTables` in projector/src/projections/lead-pool-history.ts, the same text): an
 * SP-GiST index on the span carrying the columns the counts filter on, so they are read from the
 * index alone; and the table is vacuumed after 2 % of it changed, which keeps the visibility map
 * that such reads rely on current. A fresh table is made this way by the projection itself.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$
    declare gist text;
    begin
      if to_regclass('lead_pool_history_v1') is null then return; end if;
      for gist in
        select i.relname from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am a on a.oid = i.relam
        where x.indrelid = 'lead_pool_history_v1'::regclass and a.amname = 'gist'
      loop
        execute format('drop index %I', gist);
      end loop;
      create index lead_pool_history_v1_tstzrange_idx on lead_pool_history_v1 using spgist (tstzrange(valid_from, valid_to, '[)'))
        include (valid_from, valid_to, id, lead_type, status, stage, priority, claimed_by);
      alter table lead_pool_history_v1 set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$
    begin
      if to_regclass('lead_pool_history_v1') is null then return; end if;
      drop index if exists lead_pool_history_v1_tstzrange_idx;
      create index lead_pool_history_v1_tstzrange_idx on lead_pool_history_v1 using gist (tstzrange(valid_from, valid_to, '[)'));
      alter table lead_pool_history_v1 reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor);
    end $$;
  `);
}
