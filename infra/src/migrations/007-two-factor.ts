import type { Knex } from 'knex';

export const name = '007-two-factor';

/**
 * TOTP secrets, encrypted with the server's key (AES-256-GCM, bound to the user's id): the
 * event log, copied to Kafka and read by every projection, names only a secret's id. A row is
 * written at setup; enabling names it in the user's stream, and the others of that user go.
 *
 * Sign-ins waiting for their second factor: a password was right, a code is still due. Only a
 * hash of the token is kept (like sessions); `attempts` counts codes tried, each taken before
 * it is checked, so racing guesses cannot pass the limit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table two_factor_secrets (
      secret_id  uuid primary key,
      user_id    int not null,
      ciphertext text not null,
      created_at timestamptz not null default now()
    );
    create index two_factor_secrets_user on two_factor_secrets (user_id, created_at);

    create table two_factor_pending_sign_ins (
      token_hash text primary key,
      user_id    int not null,
      persistent boolean not null,
      attempts   int not null default 0,
      expires_at timestamptz not null
    );
    create index two_factor_pending_expiry on two_factor_pending_sign_ins (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table two_factor_pending_sign_ins, two_factor_secrets');
}
