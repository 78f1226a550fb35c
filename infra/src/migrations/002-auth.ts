import type { Knex } from 'knex';

export const name = '002-auth';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    -- Only a hash of the session token is stored: a copy of this table opens no session.
    create table sessions (
      token_hash   text primary key,
      user_id      int not null,
      persistent   boolean not null,
      created_at   timestamptz not null default now(),
      expires_at   timestamptz not null,
      last_seen_at timestamptz not null default now()
    );
    create index sessions_user on sessions (user_id);
    create index sessions_expiry on sessions (expires_at);

    -- Fixed-window counters for sign-in, registration and claim rate limits.
    create table rate_limits (
      key               text primary key,
      window_started_at timestamptz not null,
      count             int not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table rate_limits, sessions');
}
