import { defaultNotificationPreferences } from '@leadfloor/contracts';
import type { TwoFactorEvent, UserEvent } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import { managesTeam, type ManagedTeam } from '../shared/manages-team';
import { isSystem, type UserActor, type UserCommand } from './commands';
import { decideTwoFactor } from './decide-two-factor';
import { isTwoFactorCommand } from './two-factor-commands';
import type { UserProfile, UserState } from './user';

/** The system, or a manager acting on a team they manage (null: on nobody's team). */
const mayManage = (actor: UserActor, team: ManagedTeam | null | undefined) =>
  isSystem(actor) || (actor.role === 'manager' && team !== undefined && (team === null || managesTeam(actor, team)));

/**
 * The user's rules. Self-registration always makes an agent at rookie level with 0 points,
 * whatever the client asked for (spec 6), on the team of the invite it came through, if any.
 * Roles and teams change only by a manager of the teams concerned (or the system, for the demo
 * seed). A user edits only their own profile and password.
 */
export function decideUser(c: UserCommand, s: UserState): (UserEvent | TwoFactorEvent)[] {
  if (isTwoFactorCommand(c)) {
    if (!s.exists) throw new NotFound('user.not_found', 'No such user.');
    return decideTwoFactor(c, s);
  }
  const { now: at, actor } = c.meta;
  if (c.type === 'RegisterUser') {
    if (s.exists) throw new RuleViolation('user.already_exists', 'This account already exists.');
    const { invite, ...account } = c.data;
    return [
      { type: 'UserRegistered', data: { ...account, role: 'agent', level: 'rookie', points: 0, at } },
      ...(invite ? [{ type: 'UserJoinedTeam' as const, data: { userId: account.userId, ...invite, at } }] : []),
    ];
  }
  if (!s.exists) throw new NotFound('user.not_found', 'No such user.');
  const userId = s.id;
  switch (c.type) {
    case 'ChangePassword':
      self(actor, s);
      return [{ type: 'PasswordChanged', data: { userId, passwordHash: c.data.passwordHash, at } }];
    case 'UpdateProfile': {
      self(actor, s);
      const changed = Object.fromEntries(
        Object.entries(c.data).filter(([k, v]) => v !== undefined && s[k as keyof UserProfile] !== v));
      return Object.keys(changed).length === 0 ? [] : [{ type: 'ProfileUpdated', data: { userId, ...changed, at } }];
    }
    case 'ChangeRole':
      if (!mayManage(actor, c.meta.team)) throw new Forbidden('user.manager_only', "Only a manager of the user's team can change their role.");
      if (s.role === c.data.role) return [];
      if (actor.id === userId) throw new RuleViolation('user.own_role', 'You cannot change your own role.');
      return [{ type: 'RoleChanged', data: { userId, from: s.role, to: c.data.role, by: actor.id, at } }];
    case 'SetNotificationPreferences': {
      self(actor, s);
      const changes = Object.fromEntries(Object.entries(c.data.preferences)
        .filter(([k, v]) => (s.notificationPreferences[k] ?? defaultNotificationPreferences[k as keyof typeof defaultNotificationPreferences]) !== v));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId, changes, at } }];
    }
    case 'JoinTeam': {
      const teams = c.meta.teams;
      if (!isSystem(actor) && !(teams && mayManage(actor, teams.from) && mayManage(actor, teams.to))) {
        throw new Forbidden('user.manager_only', 'Only a manager of both teams can move a user between them.');
      }
      if (s.teamId === c.data.teamId && s.managerId === c.data.managerId) return [];
      const moved = s.teamId !== null && s.teamId !== c.data.teamId ? { previousTeamId: s.teamId } : {};
      return [{ type: 'UserJoinedTeam', data: { userId, teamId: c.data.teamId, managerId: c.data.managerId, ...moved, at } }];
    }
    case 'LeaveTeam':
      if (!mayManage(actor, c.meta.team)) throw new Forbidden('user.manager_only', 'Only a manager of this team can remove its members.');
      if (s.teamId !== c.data.teamId) throw new NotFound('team.not_member', 'This user is not on this team.');
      return [{ type: 'UserLeftTeam', data: { userId, teamId: c.data.teamId, at } }];
  }
}

function self(actor: UserActor, s: UserProfile) {
  if (actor.id !== s.id) throw new Forbidden('user.not_self', 'You can only change your own account.');
}
