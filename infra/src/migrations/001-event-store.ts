import type { Knex } from 'knex';

export const name = '001-event-store';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table streams (
      stream_id   text primary key,
      stream_type text not null,
      version     bigint not null check (version >= 0)
    );

    create sequence events_global_position_seq as bigint;
    create table events (
      global_position bigint not null default nextval('events_global_position_seq'),
      transaction_id  xid8 not null default pg_current_xact_id(),
      stream_id       text not null,
      stream_version  bigint not null check (stream_version >= 1),
      event_id        uuid not null unique,
      type            text not null,
      data            jsonb not null,
      metadata        jsonb not null,
      occurred_at     timestamptz not null default date_trunc('milliseconds', clock_timestamp()),
      primary key (stream_id, stream_version)
    );
    alter sequence events_global_position_seq owned by events.global_position;
    create index events_commit_order on events (transaction_id, global_position);

    -- Command-side uniqueness (usernames, emails...) written in the append's statement.
    create table unique_keys (
      scope     text not null,
      key       text not null,
      stream_id text not null,
      primary key (scope, key)
    );

    -- A retried command (same client command id) gets its first answer back.
    create table command_results (
      command_id text primary key,
      stream_id  text not null,
      result     jsonb not null,
      created_at timestamptz not null default now()
    );

    -- Integer entity ids, one sequence per kind, allocated by the command side.
    create table entity_ids (kind text primary key, last_id bigint not null);

    -- Readers of the log in commit order (projections on the Postgres tail, the Kafka relay).
    create table checkpoints (
      name            text primary key,
      transaction_id  xid8 not null default '0',
      global_position bigint not null default 0,
      updated_at      timestamptz not null default now()
    );

    -- Projections fed from Kafka: per partition, the next offset and the last log position applied.
    create table partition_checkpoints (
      name            text not null,
      topic           text not null,
      partition       int not null,
      next_offset     bigint not null,
      transaction_id  xid8 not null default '0',
      global_position bigint not null default 0,
      primary key (name, topic, partition)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table partition_checkpoints, checkpoints, entity_ids, command_results, unique_keys, events, streams`);
}
