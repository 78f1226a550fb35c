import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { teamAggregate, teamNameKey, teamStream } from '../../command-service/src/teams/team-aggregate';
import type { UserActor } from '../../command-service/src/users/commands';
import { userAggregate, userStream } from '../../command-service/src/users/user-aggregate';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import type { Agent, Api } from '../api-harness';
import { waitFor } from '../wait-for';

const SYSTEM: UserActor = { id: null, role: 'system', teamId: null };

/**
 * Staffs a team through the same commands the demo seed uses (the API has no team admin yet):
 * `manager` becomes its manager, `members` join it; with a `leadType` the team works that type
 * (and hears of every new lead of it). Resolves once the read models, which identity and
 * permission checks read, show it.
 */
export async function staffTeam(
  api: Pick<Api, 'pool'>, name: string, manager: Pick<Agent, 'id'>, members: Pick<Agent, 'id'>[], leadType: string | null = null,
): Promise<number> {
  const store = createPostgresEventStore(api.pool);
  const handle = createCommandHandler(store);
  const meta = { now: new Date().toISOString(), actor: SYSTEM };
  const ctx = { actorId: null, correlationId: `test-team-${name}` };
  const teamId = await store.nextId('team');
  await handle(teamAggregate, teamStream(teamId), { type: 'CreateTeam', data: { teamId, name, managerId: manager.id, leadType }, meta }, ctx,
    { claimKeys: () => [teamNameKey(name)] });
  await handle(userAggregate, userStream(manager.id), { type: 'ChangeRole', data: { role: 'manager' }, meta }, ctx);
  for (const who of [manager, ...members]) {
    await handle(userAggregate, userStream(who.id), { type: 'JoinTeam', data: { teamId, managerId: manager.id }, meta }, ctx);
  }
  await waitFor(async () => {
    const { rows } = await api.pool.query<{ n: string }>(
      `select count(*) as n from users_v1 where team_id = $1 and ((id = $2 and role = 'manager') or id = any($3::int[]))`,
      [teamId, manager.id, members.map((m) => m.id)]);
    const { rowCount } = await api.pool.query('select 1 from teams_v1 where id = $1', [teamId]);
    return Number(rows[0]!.n) === members.length + 1 && rowCount === 1;
  }, { what: `team ${name} in the read models` });
  return teamId;
}

const newLead = { email: 'lead@example.com', phone: '555-0101', address: null, city: 'Austin', state: 'TX', source: 'website', notes: null };

/** A lead created and claimed by `who`; returns its id. */
export async function claimedLead(who: Agent, leadType: 'real_estate' | 'finance' | 'forex' = 'real_estate', name = 'Dana Scott'): Promise<number> {
  const created = await who.request('POST', '/api/leads', { ...newLead, name, leadType });
  if (created.statusCode !== 201) throw new Error(`create lead: ${created.statusCode} ${created.body}`);
  const id = created.json().lead.id as number;
  const claim = await who.request('POST', `/api/leads/${id}/claim`, {});
  if (claim.statusCode !== 200) throw new Error(`claim lead: ${claim.statusCode} ${claim.body}`);
  return id;
}
