import type { Knex } from 'knex';

export const name = '018-group-commit';

/**
 * The event store's append as functions, so that many appends can share one transaction (group
 * commit: one round trip, one commit and at most one NOTIFY for a batch of concurrent commands).
 *
 * `lf_append` is one append, the statement the store ran inline before (see
 * postgres-event-store.ts): the stream's compare-and-set, its events, unique keys claimed and
 * released, the command's stored answer, counters with their limits (LFC02) and guards on other
 * streams. A lone append calls it in its own statement.
 *
 * `lf_append_batch` runs a batch of appends (a JSON array, one object per append) in ONE
 * transaction, each in a subtransaction of its own: an append that fails (a counter past its
 * limit, a unique key taken, a deadlock) is undone alone and reported in its row, and its
 * neighbours still commit. A conflicting append (another writer moved the stream, or a guard)
 * reports no version, as `lf_append` does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function lf_append(
      p_stream text, p_stream_type text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[],
      p_claim_scopes text[], p_claim_keys text[], p_release_scopes text[], p_release_keys text[],
      p_command_id text, p_result jsonb,
      p_counter_scopes text[], p_counter_keys text[], p_counter_deltas bigint[], p_counter_max bigint[],
      p_guard_ids text[], p_guard_versions bigint[],
      out appended_version bigint, out appended_positions text[], out guards_held boolean)
    language plpgsql as $$
    declare
      v_side_effects bigint;
      v_over_limit boolean;
    begin
      with g as (
        select not exists (
          select 1 from unnest(p_guard_ids, p_guard_versions) as k(id, v) left join streams x on x.stream_id = k.id
          where coalesce(x.version, 0) <> k.v) as held
      ), s as (
        insert into streams as st (stream_id, stream_type, version)
        select p_stream, p_stream_type, p_expected + cardinality(p_ids) from g
        where g.held and (p_expected = 0 or exists (select 1 from streams where stream_id = p_stream))
        on conflict (stream_id) do update set version = excluded.version where st.version = p_expected
        returning st.version
      ), e as (
        insert into events (stream_id, stream_version, event_id, type, data, metadata)
        select p_stream, p_expected + t.ord, t.id, t.type, t.data, t.meta
        from s, unnest(p_ids, p_types, p_data, p_meta) with ordinality as t(id, type, data, meta, ord)
        returning global_position, stream_version
      ), claimed as (
        insert into unique_keys (scope, key, stream_id)
        select k.scope, k.key, p_stream from s, unnest(p_claim_scopes, p_claim_keys) as k(scope, key)
        where cardinality(p_claim_scopes) > 0
        returning 1
      ), released as (
        delete from unique_keys u
        where cardinality(p_release_scopes) > 0 and exists (select from s) and u.stream_id = p_stream
          and (u.scope, u.key) in (select k.scope, k.key from unnest(p_release_scopes, p_release_keys) as k(scope, key))
        returning 1
      ), result as (
        insert into command_results (command_id, stream_id, result)
        select p_command_id, p_stream, p_result from s where p_command_id is not null
        returning 1
      ), counted as (
        insert into counters as c (scope, key, value)
        select k.scope, k.key, k.delta from s, unnest(p_counter_scopes, p_counter_keys, p_counter_deltas) as k(scope, key, delta)
        where cardinality(p_counter_scopes) > 0
        on conflict (scope, key) do update set value = c.value + excluded.value
        returning c.scope, c.key, c.value
      )
      select (select s.version from s),
             (select coalesce(array_agg(e.global_position::text order by e.stream_version), '{}') from e),
             (select g.held from g),
             (select count(*) from claimed) + (select count(*) from released) + (select count(*) from result),
             (select bool_or(lf_counter_over_limit(c.scope, c.key, c.value - k.delta, k.max))
                from counted c join unnest(p_counter_scopes, p_counter_keys, p_counter_deltas, p_counter_max) as k(scope, key, delta, max)
                  on k.scope = c.scope and k.key = c.key
                where k.max is not null and c.value > k.max)
        into appended_version, appended_positions, guards_held, v_side_effects, v_over_limit;
    end $$;

    create function lf_append_batch(p_batch jsonb, p_notify boolean)
    returns table (ord int, appended_version bigint, appended_positions text[], guards_held boolean,
                   failed_state text, failed_constraint text, failed_detail text)
    language plpgsql as $$
    declare
      a jsonb;
    begin
      for a, ord in select t.x, t.n::int from jsonb_array_elements(p_batch) with ordinality as t(x, n) loop
        appended_version := null; appended_positions := null; guards_held := null;
        failed_state := null; failed_constraint := null; failed_detail := null;
        begin
          select r.appended_version, r.appended_positions, r.guards_held
            into appended_version, appended_positions, guards_held
          from lf_append(
            a->>'streamId', a->>'streamType', (a->>'expectedVersion')::bigint,
            array(select jsonb_array_elements_text(a->'ids'))::uuid[],
            array(select jsonb_array_elements_text(a->'types')),
            array(select jsonb_array_elements(a->'data')),
            array(select jsonb_array_elements(a->'meta')),
            array(select jsonb_array_elements_text(a->'claimScopes')), array(select jsonb_array_elements_text(a->'claimKeys')),
            array(select jsonb_array_elements_text(a->'releaseScopes')), array(select jsonb_array_elements_text(a->'releaseKeys')),
            a->>'commandId', a->'result',
            array(select jsonb_array_elements_text(a->'counterScopes')), array(select jsonb_array_elements_text(a->'counterKeys')),
            array(select (x #>> '{}')::bigint from jsonb_array_elements(a->'counterDeltas') as x),
            array(select (x #>> '{}')::bigint from jsonb_array_elements(a->'counterMax') as x),
            array(select jsonb_array_elements_text(a->'guardIds')),
            array(select (x #>> '{}')::bigint from jsonb_array_elements(a->'guardVersions') as x)) as r;
        exception when others then
          get stacked diagnostics failed_state = returned_sqlstate, failed_constraint = constraint_name, failed_detail = pg_exception_detail;
        end;
        return next;
      end loop;
      if p_notify then
        perform pg_notify('lf_events', '');
      end if;
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop function if exists lf_append_batch(jsonb, boolean);
    drop function if exists lf_append(text, text, bigint, uuid[], text[], jsonb[], jsonb[], text[], text[], text[], text[], text, jsonb,
      text[], text[], bigint[], bigint[], text[], bigint[]);
  `);
}
