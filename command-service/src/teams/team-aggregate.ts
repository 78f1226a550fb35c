import type { TeamEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { managesTeam } from '../shared/manages-team';
import { isSystem, type UserActor } from '../users/commands';

export type TeamInvite = { tokenHash: string; expiresAt: string; acceptedBy: number | null };
export type Team = {
  id: number; name: string; managerId: number | null; leadType: string | null; teamLeadIds: number[]; createdAt: string;
  invites: Record<number, TeamInvite>;
};
export type TeamState = { exists: false } | ({ exists: true } & Team);
type Meta = { now: string; actor: UserActor };
export type TeamCommand =
  | { type: 'CreateTeam'; data: { teamId: number; name: string; managerId: number | null; leadType: string | null }; meta: Meta }
  /** `appointeeTeamId`: the team the appointee sits on (a lead must be a member; the seed, as the system, appoints first). */
  | { type: 'AppointTeamLead'; data: { userId: number }; meta: Meta & { appointeeTeamId?: number | null } }
  | { type: 'RemoveTeamLead'; data: { userId: number }; meta: Meta }
  | { type: 'CreateInvite'; data: { inviteId: number; tokenHash: string; expiresAt: string }; meta: Meta }
  | { type: 'AcceptInvite'; data: { inviteId: number; userId: number }; meta: Meta };

export const initialTeamState = (): TeamState => ({ exists: false });

export function evolveTeam(s: TeamState, e: TeamEvent): TeamState {
  if (e.type === 'TeamCreated') {
    const d = e.data;
    return { exists: true, id: d.teamId, name: d.name, managerId: d.managerId, leadType: d.leadType, teamLeadIds: [], createdAt: d.at, invites: {} };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'TeamLeadAppointed':
      return { ...s, teamLeadIds: [...s.teamLeadIds, e.data.userId] };
    case 'TeamLeadRemoved':
      return { ...s, teamLeadIds: s.teamLeadIds.filter((id) => id !== e.data.userId) };
    case 'TeamInviteCreated':
      return { ...s, invites: { ...s.invites, [e.data.inviteId]: { tokenHash: e.data.tokenHash, expiresAt: e.data.expiresAt, acceptedBy: null } } };
    case 'TeamInviteAccepted': {
      const invite = s.invites[e.data.inviteId];
      return invite ? { ...s, invites: { ...s.invites, [e.data.inviteId]: { ...invite, acceptedBy: e.data.userId } } } : s;
    }
  }
}

/** A manager of this team (or the system, for the demo floor and registration). */
const manages = (actor: UserActor, team: Team) => isSystem(actor) || managesTeam(actor, team);

/**
 * Teams are made by managers and staffed by the managers of the team. Invites come from the
 * team's manager or one of its team leads; each is single-use and expires. Registering
 * through an invite accepts it here, before the user's account is made: this stream's version
 * decides which of two racing registrations gets it.
 */
export function decideTeam(c: TeamCommand, s: TeamState): TeamEvent[] {
  const { now: at, actor } = c.meta;
  if (c.type === 'CreateTeam') {
    if (actor.role !== 'manager' && actor.role !== 'system') throw new Forbidden('team.manager_only', 'Only a manager can create teams.');
    if (s.exists) throw new RuleViolation('team.already_exists', 'This team already exists.');
    return [{ type: 'TeamCreated', data: { ...c.data, at } }];
  }
  if (!s.exists) throw new NotFound('team.not_found', 'No such team.');
  const teamId = s.id;
  switch (c.type) {
    case 'AppointTeamLead':
      if (!manages(actor, s)) throw new Forbidden('team.manager_only', 'Only a manager of this team can appoint its team leads.');
      if (actor.role !== 'system' && c.meta.appointeeTeamId !== teamId) {
        throw new RuleViolation('team.lead_not_member', 'A team lead must be a member of the team.');
      }
      if (s.teamLeadIds.includes(c.data.userId)) return [];
      return [{ type: 'TeamLeadAppointed', data: { teamId, userId: c.data.userId, at } }];
    case 'RemoveTeamLead':
      if (!manages(actor, s)) throw new Forbidden('team.manager_only', 'Only a manager of this team can remove its team leads.');
      if (!s.teamLeadIds.includes(c.data.userId)) return [];
      return [{ type: 'TeamLeadRemoved', data: { teamId, userId: c.data.userId, at } }];
    case 'CreateInvite':
      if (!manages(actor, s) && !(actor.id !== null && s.teamLeadIds.includes(actor.id))) {
        throw new Forbidden('team.invite_forbidden', "Only this team's manager or team leads can invite to it.");
      }
      if (Date.parse(c.data.expiresAt) <= Date.parse(at)) throw new RuleViolation('invite.expiry_past', 'An invite must expire in the future.');
      return [{ type: 'TeamInviteCreated', data: { teamId, ...c.data, at } }];
    case 'AcceptInvite': {
      const invite = s.invites[c.data.inviteId];
      if (!invite) throw new NotFound('invite.not_found', 'This invite link is not valid.');
      if (invite.acceptedBy === c.data.userId) return [];
      if (invite.acceptedBy !== null) throw new RuleViolation('invite.used', 'This invite link has already been used.');
      if (Date.parse(invite.expiresAt) <= Date.parse(at)) throw new RuleViolation('invite.expired', 'This invite link has expired.');
      return [{ type: 'TeamInviteAccepted', data: { teamId, ...c.data, at } }];
    }
  }
}

export const teamAggregate: Aggregate<TeamState, TeamCommand, TeamEvent> = {
  streamType: 'team', initialState: initialTeamState, evolve: evolveTeam, decide: decideTeam,
};
export const teamStream = (id: number) => streamIdOf('team', id);
export const teamNameKey = (name: string) => ({ scope: 'team_name', key: name.trim().toLowerCase() });
/** An invite is found by its token's hash (the link carries the token). */
export const inviteTokenKey = (tokenHash: string) => ({ scope: 'team_invite', key: tokenHash });
