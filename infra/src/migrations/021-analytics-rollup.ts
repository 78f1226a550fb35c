import type { Knex } from 'knex';

export const name = '021-analytics-rollup';

/**
 * The analytics facts summed per created week (UTC), lead type, source and funnel: the table the
 * floor-wide analytics reads add up (projector `lead-rollup.ts` makes the same table for a fresh
 * read model and keeps it from then on). A floor whose facts exist already gets it filled from
 * them here, once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$ begin
      if to_regclass('lead_facts_v1') is not null and to_regclass('lead_rollup_v1') is null then
        create table lead_rollup_v1 (
          week date not null, lead_type text not null, source text, funnel_source text, campaign text,
          created int not null, claimed int not null, contacted int not null, qualified int not null, sold int not null, lost int not null,
          revenue_cents bigint not null);
        create unique index lead_rollup_v1_cell on lead_rollup_v1 (week, lead_type, source, funnel_source, campaign) nulls not distinct;
        insert into lead_rollup_v1
          select (date_trunc('week', created_at at time zone 'UTC'))::date, lead_type, source, funnel_source, funnel_campaign_id,
                 count(*), count(first_claimed_at), count(contacted_at), count(qualified_at), count(sold_at), count(lost_at),
                 coalesce(sum(revenue_cents) filter (where sold_at is not null), 0)
          from lead_facts_v1 group by 1, 2, 3, 4, 5;
      end if;
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists lead_rollup_v1');
}
