import type { Knex } from 'knex';

export const name = '004-unlogged-rate-limits';

/**
 * Rate-limit counters skip the write-ahead log: a claim's limiter hit then commits without
 * waiting for a WAL flush (it waited for one before the claim's own append, doubling a claim's
 * commit latency). What that gives up: after a PostgreSQL crash (or on a promoted standby) the
 * counters start from zero, i.e. a fresh window for everyone. Sessions stay logged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table rate_limits set unlogged');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table rate_limits set logged');
}
