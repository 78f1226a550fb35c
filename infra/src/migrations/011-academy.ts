import type { Knex } from 'knex';

export const name = '011-academy';

/**
 * Academy reading heartbeats: while a learner has a training section open and visible, the
 * console reports every half minute. Each row is the time credited for one heartbeat: never
 * more than the wall-clock gap since the learner's previous heartbeat on the same training (any
 * section, so two tabs do not count twice), and nothing after a gap longer than the idle
 * cut-off. High-volume telemetry, not business facts: a table of its own, summed per section for
 * the time spent; completing a section is the event.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table training_heartbeats (
      id               bigint generated always as identity,
      user_id          int not null,
      training_id      int not null,
      section          text not null,
      at               timestamptz not null,
      claimed_seconds  int not null,
      credited_seconds int not null,
      primary key (user_id, training_id, id)
    );
    create index training_heartbeats_training on training_heartbeats (training_id, user_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table training_heartbeats');
}
