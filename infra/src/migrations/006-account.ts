import type { Knex } from 'knex';

export const name = '006-account';

/**
 * Sessions a user can see and end: a public id (the cookie's token stays secret, and its hash is
 * the key: neither may reach a page), the browser it was last used from. `last_seen_at` is moved
 * at most every few minutes (sessions.ts), not on every request.
 *
 * Avatars: the resized image, keyed by the SHA-256 of its bytes. The user's stream records only
 * the URL naming that hash, so the embedded form needs no file store, a picture two people share
 * is stored once, and a URL once handed out always shows the same bytes (long cache).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table sessions
      add column public_id uuid not null default gen_random_uuid(),
      add column user_agent text;
    create unique index sessions_public_id on sessions (public_id);

    create table avatars (
      hash        text primary key,
      content     bytea not null,
      uploaded_by int not null,
      created_at  timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table avatars;
    alter table sessions drop column public_id, drop column user_agent;
  `);
}
