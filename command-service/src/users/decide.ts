import { defaultNotificationPreferences } from '@leadfloor/contracts';
import type { UserEvent } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { UserActor, UserCommand } from './commands';
import type { UserProfile, UserState } from './user';

const isManagerOrSystem = (a: UserActor) => a.role === 'manager' || a.role === 'system';

/**
 * The user's rules. Self-registration always makes an agent at rookie level with 0 points,
 * whatever the client asked for (spec 6); roles and teams change only by a manager (or the
 * system, for the demo seed). A user edits only their own profile and password.
 */
export function decideUser(c: UserCommand, s: UserState): UserEvent[] {
  const { now: at, actor } = c.meta;
  if (c.type === 'RegisterUser') {
    if (s.exists) throw new RuleViolation('user.already_exists', 'This account already exists.');
    return [{ type: 'UserRegistered', data: { ...c.data, role: 'agent', level: 'rookie', points: 0, at } }];
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
      if (!isManagerOrSystem(actor)) throw new Forbidden('user.manager_only', 'Only a manager can change roles.');
      if (s.role === c.data.role) return [];
      return [{ type: 'RoleChanged', data: { userId, from: s.role, to: c.data.role, by: actor.id, at } }];
    case 'SetNotificationPreferences': {
      self(actor, s);
      const changes = Object.fromEntries(Object.entries(c.data.preferences)
        .filter(([k, v]) => (s.notificationPreferences[k] ?? defaultNotificationPreferences[k as keyof typeof defaultNotificationPreferences]) !== v));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId, changes, at } }];
    }
    case 'JoinTeam':
      if (!isManagerOrSystem(actor)) throw new Forbidden('user.manager_only', 'Only a manager can change teams.');
      if (s.teamId === c.data.teamId && s.managerId === c.data.managerId) return [];
      return [{ type: 'UserJoinedTeam', data: { userId, teamId: c.data.teamId, managerId: c.data.managerId, at } }];
  }
}

function self(actor: UserActor, s: UserProfile) {
  if (actor.id !== s.id) throw new Forbidden('user.not_self', 'You can only change your own account.');
}
