import type { Knex } from 'knex';

export const name = '021-funnel-attribution';

/**
 * Leads carry the marketing funnel's source and campaign they came in with (LeadCreated's
 * `funnelSource`, `funnelCampaignId`). The read models that show or count them gain the columns
 * where a floor already has them; no earlier event carried either, so null is every existing
 * row's true value and nothing needs a replay. Fresh tables are made with the columns (the
 * projections' own `createTables`), last, in the order this adds them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table if exists lead_pool_v1 add column if not exists funnel_source text, add column if not exists funnel_campaign_id text;
    alter table if exists lead_pool_history_v1 add column if not exists funnel_source text, add column if not exists funnel_campaign_id text;
    alter table if exists lead_facts_v1 add column if not exists funnel_source text;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table if exists lead_pool_v1 drop column if exists funnel_source, drop column if exists funnel_campaign_id;
    alter table if exists lead_pool_history_v1 drop column if exists funnel_source, drop column if exists funnel_campaign_id;
    alter table if exists lead_facts_v1 drop column if exists funnel_source;
  `);
}
