import type { Knex } from 'knex';

export const name = '015-funnels';

/**
 * Marketing funnels' data that stays out of the event log:
 * - `page_contents`: the builder's page JSON, insert-only and content-addressed (the SHA-256 of
 *   its canonical JSON); events carry the hash, never the body.
 * - `funnel_keys`: the key the public pages sign their forms' render tokens with, made once here
 *   so every gateway and command-service of a deployment shares it. It only tells a form shown
 *   by LeadFloor from a bot's post; it opens nothing.
 * - `funnel_submissions`: each form post accepted, unique per (source, external id) so a
 *   resubmission of the same rendered form is a no-op, and the lead it made or updated.
 * - `funnel_visit_days` and `funnel_visitors`: page views per day, step and variant, and the
 *   visitors seen each day (a hash of the first-party visitor cookie), aggregated as they come.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table page_contents (
      hash       text primary key check (hash ~ '^[0-9a-f]{64}$'),
      data       jsonb not null,
      created_at timestamptz not null default now()
    );

    create table funnel_keys (
      id  int primary key check (id = 1),
      key text not null
    );
    insert into funnel_keys (id, key) values (1, md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text));

    create table funnel_submissions (
      id           bigint generated always as identity primary key,
      source       text not null,
      external_id  text not null,
      funnel_id    int not null,
      step_id      int not null,
      variant      text not null,
      email        text,
      payload      jsonb not null,
      received_at  timestamptz not null,
      state        text not null default 'received' check (state in ('received', 'created', 'updated', 'failed')),
      lead_id      int,
      error        text,
      attempts     int not null default 0,
      processed_at timestamptz,
      unique (source, external_id)
    );
    create index funnel_submissions_pending on funnel_submissions (id) where state = 'received';
    create index funnel_submissions_by_email on funnel_submissions (lower(email), received_at desc) where lead_id is not null;

    create table funnel_visit_days (
      day       date not null,
      funnel_id int not null,
      step_id   int not null,
      variant   text not null,
      visits    bigint not null default 0,
      primary key (funnel_id, day, step_id, variant)
    );
    create table funnel_visitors (
      day        date not null,
      funnel_id  int not null,
      step_id    int not null,
      variant    text not null,
      visitor    text not null,
      primary key (funnel_id, day, step_id, variant, visitor)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists funnel_visitors, funnel_visit_days, funnel_submissions, funnel_keys, page_contents');
}
