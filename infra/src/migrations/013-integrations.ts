import type { Knex } from 'knex';

export const name = '013-integrations';

/**
 * Inbound lead sources, outbound webhooks and CRM connections: what must stay out of the event
 * log lives here, on the command side.
 * - Secrets, encrypted with AES-256-GCM (integrations/secret-box.ts; bound to the row they belong
 *   to): a source's HMAC signing secret, a webhook's signing secret, a CRM's OAuth tokens. A
 *   source's URL token is kept only as its SHA-256 (it is shown once, like a password).
 * - High-volume evidence, not business facts: the inbox of received leads (unique per source
 *   and external id, so a redelivery is a no-op), the outbound delivery log and the CRM sync log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_source_secrets (
      source_id      int primary key,
      token_hash     text not null unique,
      signing_secret text
    );

    create table lead_inbox (
      id           bigint generated always as identity primary key,
      source_id    int not null,
      external_id  text not null,
      payload      jsonb not null,
      received_at  timestamptz not null,
      state        text not null default 'received' check (state in ('received', 'created', 'failed')),
      lead_id      int,
      error        text,
      attempts     int not null default 0,
      processed_at timestamptz,
      unique (source_id, external_id)
    );
    create index lead_inbox_pending on lead_inbox (id) where state = 'received';
    create index lead_inbox_by_source on lead_inbox (source_id, id desc);

    create table webhook_secrets (
      webhook_id int primary key,
      secret     text not null
    );

    create table webhook_deliveries (
      id               bigint generated always as identity primary key,
      webhook_id       int not null,
      event_id         uuid,
      event_type       text not null,
      payload          jsonb not null,
      status           text not null default 'pending' check (status in ('pending', 'delivered', 'retrying', 'failed')),
      attempts         int not null default 0,
      last_status_code int,
      last_error       text,
      next_retry_at    timestamptz,
      created_at       timestamptz not null,
      delivered_at     timestamptz,
      unique (webhook_id, event_id)
    );
    create index webhook_deliveries_by_webhook on webhook_deliveries (webhook_id, id desc);

    create table integration_tokens (
      integration_id int primary key,
      access_token   text not null,
      refresh_token  text not null,
      token_expiry   timestamptz not null
    );

    create table oauth_states (
      state_hash   text primary key,
      user_id      int not null,
      provider     text not null,
      redirect_uri text not null,
      expires_at   timestamptz not null
    );

    create table crm_sync_log (
      id             bigint generated always as identity primary key,
      integration_id int not null,
      trigger        text not null check (trigger in ('lead_change', 'sync_now')),
      started_at     timestamptz not null,
      finished_at    timestamptz not null,
      lead_count     int not null,
      status         text not null check (status in ('ok', 'failed')),
      error          text
    );
    create index crm_sync_log_by_integration on crm_sync_log (integration_id, id desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table if exists crm_sync_log, oauth_states, integration_tokens, webhook_deliveries, webhook_secrets, lead_inbox, lead_source_secrets`);
}
