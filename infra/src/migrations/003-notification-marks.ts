import type { Knex } from 'knex';

export const name = '003-notification-marks';

/**
 * What a user did with their notifications (read, deleted). Kept on the command side, apart
 * from the notifications read model, so rebuilding that model never loses a read mark.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table notification_marks (
      user_id         int not null,
      notification_id text not null,
      read_at         timestamptz,
      deleted_at      timestamptz,
      primary key (user_id, notification_id)
    );
    -- "Mark all read" and "clear all" up to a per-user sequence number.
    create table notification_cursors (
      user_id            int primary key,
      read_through_seq   int not null default 0,
      cleared_through_seq int not null default 0
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table notification_cursors, notification_marks');
}
