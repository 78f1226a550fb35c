import type { Knex } from 'knex';

export const name = '009-pool-presence';

/**
 * Who can be offered a lead (round-robin and weighted distribution): an agent who has not said
 * "away" and has the console open.
 * - `agent_availability`: the agent's own choice (PUT /api/me/availability); no row is available.
 *   A preference, not a business fact: each offer's event names whom the rotation chose from.
 * - `agent_presence`: one row per agent per gateway replica holding their sockets, refreshed by
 *   that replica's heartbeat and expiring on its own, so a replica that dies takes its agents
 *   offline within the expiry, and replicas never need to know of each other.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table agent_availability (
      user_id    int primary key,
      status     text not null check (status in ('available', 'away')),
      changed_at timestamptz not null
    );
    create table agent_presence (
      user_id    int not null,
      gateway_id text not null,
      expires_at timestamptz not null,
      primary key (user_id, gateway_id)
    );
    create index agent_presence_gateway on agent_presence (gateway_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table agent_presence; drop table agent_availability;');
}
