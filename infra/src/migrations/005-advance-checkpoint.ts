import type { Knex } from 'knex';

export const name = '005-advance-checkpoint';

/**
 * A checkpoint's compare-and-set, for every reader of the log that keeps one. A projection
 * batch's last round trip runs it and commits (`select lf_advance_checkpoint(...); commit`). When the checkpoint moved under the batch (a
 * replay's swap, another instance), the function raises SQLSTATE LFC01: the commit that follows
 * in the same round trip is then skipped and the runner rolls the batch back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function lf_advance_checkpoint(p_name text, p_from_tx xid8, p_from_pos bigint, p_to_tx xid8, p_to_pos bigint)
    returns void language plpgsql as $$
    begin
      update checkpoints set transaction_id = p_to_tx, global_position = p_to_pos, updated_at = now()
       where name = p_name and transaction_id = p_from_tx and global_position = p_from_pos;
      if not found then
        raise exception 'checkpoint % moved', p_name using errcode = 'LFC01';
      end if;
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists lf_advance_checkpoint(text, xid8, bigint, xid8, bigint)');
}
