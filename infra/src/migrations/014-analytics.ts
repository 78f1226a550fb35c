import type { Knex } from 'knex';

export const name = '014-analytics';

/**
 * What a floor spent to get its leads, per funnel source and campaign and day: the seam through
 * which marketing funnels and ad-platform integrations (spec 3's campaign_stats: spend per
 * funnel, date and platform) tell funnel analytics their costs. Nothing in LeadFloor writes it
 * yet, so no cost is known and funnel analytics shows none rather than invent one; once rows
 * land, the cost per sold lead of their source and campaign follows. High-volume figures from
 * outside systems, not business decisions: a table, not the event log. `campaign_id` '' stands
 * for spend on a source as a whole (no campaign), so the key stays a plain primary key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table campaign_spend (
      funnel_source text not null,
      campaign_id   text not null default '',
      day           date not null,
      platform      text not null,
      spend_cents   bigint not null check (spend_cents >= 0),
      recorded_at   timestamptz not null default now(),
      primary key (funnel_source, campaign_id, day, platform)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists campaign_spend');
}
