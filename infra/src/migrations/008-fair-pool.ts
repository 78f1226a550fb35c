import type { Knex } from 'knex';

export const name = '008-fair-pool';

/**
 * Counters the append keeps in its own statement (event-store `counters`): an increase with a
 * limit is refused inside the statement (SQLSTATE LFC02, raised by lf_counter_over_limit), so
 * the stream's version, its events and every counter move together or not at all. The lead pool
 * keeps `active_claims` per agent: how many leads they hold in claimed, contacted or qualified.
 * They are filled here from the log, for floors that held leads before the counters existed.
 *
 * Claim attempts: every claim the route decided, with its outcome, for settling "I clicked
 * first". High-volume evidence, not business facts: a table of its own, not the event log.
 * Keyed by lead, so a lead's list is one index range; rate-limited clicks of one agent on one
 * lead fold into one row per limiter window (`repeats`), so a script hammering the button adds
 * rows at the limiter's pace, not at its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table counters (
      scope text not null,
      key   text not null,
      value bigint not null,
      primary key (scope, key)
    );

    create function lf_counter_over_limit(p_scope text, p_key text, p_current bigint, p_max bigint)
    returns boolean language plpgsql as $$
    begin
      raise exception 'counter % % is at its limit', p_scope, p_key using errcode = 'LFC02',
        detail = json_build_object('scope', p_scope, 'key', p_key, 'current', p_current, 'max', p_max)::text;
    end $$;

    with holders as (
      select distinct on (stream_id) stream_id,
             case type when 'LeadClaimed' then (data->>'userId')::int when 'LeadReassigned' then (data->>'to')::int end as holder
      from events where type in ('LeadClaimed', 'LeadReleased', 'LeadReassigned')
      order by stream_id, stream_version desc
    ), statuses as (
      select distinct on (stream_id) stream_id,
             case type when 'LeadClaimed' then 'claimed' when 'LeadReleased' then 'available' else data->>'to' end as status
      from events where type in ('LeadClaimed', 'LeadReleased', 'LeadStatusChanged')
      order by stream_id, stream_version desc
    )
    insert into counters (scope, key, value)
    select 'active_claims', h.holder::text, count(*)
    from holders h join statuses s using (stream_id)
    where h.holder is not null and s.status in ('claimed', 'contacted', 'qualified')
    group by h.holder;

    create table claim_attempts (
      id           bigint generated always as identity,
      lead_id      int not null,
      user_id      int not null,
      outcome      text not null check (outcome in ('won', 'lost', 'over_cap', 'rate_limited')),
      attempted_at timestamptz not null,
      repeats      int not null default 1,
      window_start timestamptz,
      primary key (lead_id, id)
    );
    create unique index claim_attempts_rate_limited on claim_attempts (lead_id, user_id, window_start) where outcome = 'rate_limited';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table claim_attempts;
    drop function lf_counter_over_limit(text, text, bigint, bigint);
    drop table counters;
  `);
}
