import type { TeamEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import type { UserActor } from '../users/commands';

export type TeamState = { exists: false } | { exists: true; id: number; name: string; managerId: number | null; teamLeadIds: number[] };
type Meta = { now: string; actor: UserActor };
export type TeamCommand =
  | { type: 'CreateTeam'; data: { teamId: number; name: string; managerId: number | null; leadType: string | null }; meta: Meta }
  | { type: 'AppointTeamLead'; data: { userId: number }; meta: Meta };

export function evolveTeam(s: TeamState, e: TeamEvent): TeamState {
  switch (e.type) {
    case 'TeamCreated':
      return { exists: true, id: e.data.teamId, name: e.data.name, managerId: e.data.managerId, teamLeadIds: [] };
    case 'TeamLeadAppointed':
      return s.exists ? { ...s, teamLeadIds: [...s.teamLeadIds, e.data.userId] } : s;
  }
}

/** Teams are made and staffed by managers (or the system, for the demo floor). */
export function decideTeam(c: TeamCommand, s: TeamState): TeamEvent[] {
  const { now: at, actor } = c.meta;
  if (actor.role !== 'manager' && actor.role !== 'system') throw new Forbidden('team.manager_only', 'Only a manager can change teams.');
  if (c.type === 'CreateTeam') {
    if (s.exists) throw new RuleViolation('team.already_exists', 'This team already exists.');
    return [{ type: 'TeamCreated', data: { ...c.data, at } }];
  }
  if (!s.exists) throw new NotFound('team.not_found', 'No such team.');
  if (s.teamLeadIds.includes(c.data.userId)) return [];
  return [{ type: 'TeamLeadAppointed', data: { teamId: s.id, userId: c.data.userId, at } }];
}

export const teamAggregate: Aggregate<TeamState, TeamCommand, TeamEvent> = {
  streamType: 'team', initialState: () => ({ exists: false }), evolve: evolveTeam, decide: decideTeam,
};
export const teamStream = (id: number) => streamIdOf('team', id);
export const teamNameKey = (name: string) => ({ scope: 'team_name', key: name.trim().toLowerCase() });
