import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { HandleCommand } from '../shared/handle-command';
import { teamAggregate, teamNameKey, teamStream } from '../teams/team-aggregate';
import type { UserActor } from '../users/commands';
import { userAggregate, userKeys, userStream } from '../users/user-aggregate';
import { DEMO_PASSWORD, demoPeople, demoTeams } from './demo-people';
import { seedLeads, type FloorMember } from './seed-leads';
import { seededRandom } from './random';
import { seedActivity } from './seed-activity';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import { seedDemoBilling } from './demo-billing';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoAcademy } from './demo-academy';
import { seedDemoClosers } from './demo-closers';
import { seedDemoFunnel } from './demo-funnel';
import { seedDemoCustomFields } from './demo-custom-fields';

export type SeedDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; hashPassword(p: string): Promise<string>; now: Date;
  onProgress?(done: number, total: number): void;
};

const SYSTEM: UserActor = { id: null, role: 'system', teamId: null };

export async function hasUsers(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query(`select 1 from streams where stream_type = 'user' limit 1`);
  return rows.length > 0;
}

/**
 * The demo floor, created through the same commands the API runs, so every lead has a real
 * event history: a manager, two team leads, agents on two teams, and `leadCount` leads of all
 * three types in every status and stage, calls with transcripts and their analyses on the worked
 * leads, and sales in every commission status (points, levels and badges then follow from these
 * events through the points process manager), custom fields per lead type with values on most
 * leads. Deterministic but for the dates, which are laid out
 * over the weeks before `now` so "this month" and "this week" mean something.
 * Refuses to run on a database that already has users.
 */
export async function seedDemoFloor(deps: SeedDeps, { leadCount = 300 } = {}) {
  const { pool, store, handle, now } = deps;
  if (await hasUsers(pool)) return { seeded: false as const };
  const meta = (at: Date, actor: UserActor = SYSTEM) => ({ now: at.toISOString(), actor });
  const ctx = { actorId: null, correlationId: DEMO_SEED_CORRELATION };
  const start = new Date(now.getTime() - 70 * 86_400_000);

  const ids = new Map<string, number>();
  for (const p of demoPeople) {
    const userId = await store.nextId('user');
    ids.set(p.username, userId);
    await handle(userAggregate, userStream(userId), {
      type: 'RegisterUser', meta: meta(start),
      data: { userId, username: p.username, email: `${p.username}@leadfloor.example`, fullName: p.fullName, passwordHash: await deps.hashPassword(DEMO_PASSWORD) },
    }, { ...ctx, actorId: userId }, userKeys);
    if (p.role !== 'agent') {
      await handle(userAggregate, userStream(userId), { type: 'ChangeRole', data: { role: p.role }, meta: meta(start) }, ctx);
    }
  }
  await seedDemoBilling(handle, demoPeople.map((p) => ({ ...p, id: ids.get(p.username)! })), start);
  const managerId = ids.get('manager')!;
  const teamIds: number[] = [];
  for (const [i, t] of demoTeams.entries()) {
    const teamId = await store.nextId('team');
    teamIds.push(teamId);
    await handle(teamAggregate, teamStream(teamId), {
      type: 'CreateTeam', data: { teamId, name: t.name, managerId, leadType: t.leadType }, meta: meta(start),
    }, ctx, { claimKeys: () => [teamNameKey(t.name)] });
    for (const lead of demoPeople.filter((p) => p.team === i && p.role === 'teamLead')) {
      await handle(teamAggregate, teamStream(teamId), { type: 'AppointTeamLead', data: { userId: ids.get(lead.username)! }, meta: meta(start) }, ctx);
    }
  }
  // The manager sits on the first team, whose leads they may release and reassign.
  const members: FloorMember[] = [];
  for (const p of demoPeople) {
    const teamIndex = p.role === 'manager' ? 0 : p.team;
    if (teamIndex === null) continue;
    const userId = ids.get(p.username)!;
    await handle(userAggregate, userStream(userId), {
      type: 'JoinTeam', data: { teamId: teamIds[teamIndex]!, managerId }, meta: meta(start),
    }, ctx);
    members.push({ id: userId, role: p.role, teamId: teamIds[teamIndex]!, username: p.username, teamIndex });
  }

  const leads = await seedLeads({ store, handle, members, now, random: seededRandom(20_261_122), count: leadCount, onProgress: deps.onProgress });
  const activity = await seedActivity({ pool, store, handle, members, now, random: seededRandom(20_261_123) });
  const tasks = await seedDemoTasks({ pool, store, handle, members, now });
  const academy = await seedDemoAcademy({ pool, store, handle, members, now });
  const closers = await seedDemoClosers({ store, handle, members, now });
  const funnels = await seedDemoFunnel({ pool, store, handle, members, now });
  const customFields = await seedDemoCustomFields({ pool, store, handle, members, now, random: seededRandom(20_261_126) });
  return { seeded: true as const, users: ids.size, teams: teamIds.length, leads, ...activity, tasks, academy, closers, ...funnels, ...customFields, members };
}

/** Adds `count` leads with histories to the floor that exists (its users and teams, from the read models). */
export async function addLeadsToFloor(deps: SeedDeps, count: number, known?: FloorMember[]) {
  const members = known ?? await floorMembers(deps.pool);
  return seedLeads({ store: deps.store, handle: deps.handle, members, now: deps.now, random: seededRandom(count), count, concurrency: 12, onProgress: deps.onProgress });
}

async function floorMembers(pool: Pool): Promise<FloorMember[]> {
  const { rows } = await pool.query<{ id: number; username: string; role: FloorMember["role"]; team_id: number }>(
    `select u.id, u.username, u.role, u.team_id from users_v1 u where u.team_id is not null order by u.id`).catch(() => ({ rows: [] }));
  const teamIds = [...new Set(rows.map((r) => r.team_id))].sort((a, b) => a - b);
  const found: FloorMember[] = rows.map((r) => ({
    id: r.id, username: r.username, role: r.role, teamId: r.team_id, teamIndex: Math.min(teamIds.indexOf(r.team_id), 1),
  }));
  if (!found.some((m) => m.teamIndex === 0) || !found.some((m) => m.teamIndex === 1)) {
    throw new Error('adding leads needs a floor with two teams whose read models exist (start LeadFloor once on this database)');
  }
  return found;
}
